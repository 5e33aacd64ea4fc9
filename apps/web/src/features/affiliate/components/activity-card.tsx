import { Skeleton, Text, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { lazy, Suspense, useMemo } from 'react';
import { ChartLegend } from '../../../components/chart-legend';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { affiliateStatsQueryOptions, AFFILIATE_CHART_DAYS } from '../api/affiliate-api';

const DailyChart = lazy(() => import('./daily-chart'));
const HEIGHT = 200;

/** Clicks, sign-ups and purchases per day over the last 30 days, with a sentence for screen readers. */
export function ActivityCard() {
  const { t } = useTranslation('affiliate');
  const stats = useSuspenseQuery(affiliateStatsQueryOptions()).data;
  const theme = useMantineTheme();
  const shade = useComputedColorScheme('light') === 'dark' ? 4 : 7;
  const { days, series, sums } = useMemo(() => {
    const pick = (k: 'Clicks' | 'Signups' | 'Purchases') => stats.Days.map((d) => d[k]);
    const total = (values: number[]) => values.reduce((a, b) => a + b, 0);
    const clicks = pick('Clicks');
    const signups = pick('Signups');
    const purchases = pick('Purchases');
    return {
      days: stats.Days.map((d) => Date.parse(`${d.Date}T00:00:00Z`) / 1000),
      series: [
        { label: t('stats.clicks'), color: (theme.colors.ocean ?? theme.colors.blue)[shade]!, values: clicks },
        { label: t('stats.signups'), color: theme.colors.teal[shade]!, values: signups },
        { label: t('stats.purchases'), color: theme.colors.orange[shade]!, values: purchases },
      ],
      sums: { clicks: total(clicks), signups: total(signups), purchases: total(purchases) },
    };
  }, [stats, t, theme, shade]);

  return (
    <SectionCard title={t('chart.title', { days: AFFILIATE_CHART_DAYS })}>
      <figure style={{ margin: 0 }}>
        <ChartLegend series={series} mb={6} />
        <Suspense fallback={<Skeleton height={HEIGHT} />}>
          <DailyChart days={days} series={series} height={HEIGHT} />
        </Suspense>
        <Text component="figcaption" fz="xs" c="dimmed" mt={4} data-testid="affiliate-chart-summary">
          {t('chart.summary', { days: AFFILIATE_CHART_DAYS, ...sums })}
        </Text>
      </figure>
    </SectionCard>
  );
}
