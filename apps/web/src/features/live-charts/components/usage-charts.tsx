import { CHARTS } from '@nimbus/contract';
import { SimpleGrid, useComputedColorScheme, useMantineTheme } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { axisMax, BYTE_STEPS, formatBytes, latest, type LivePoint } from '../live-series';
import { LiveChart } from './live-chart';
import type { ChartSeries } from './uplot-chart';

const percent = (v: number) => `${Math.round(v)} %`;
const bytes = (v: number) => formatBytes(v);
const perSecond = (v: number) => `${formatBytes(v)}/s`;

/** The CPU, memory and network charts of a list of points (live or history). */
export function UsageCharts({ points, height }: { points: LivePoint[]; height?: number }) {
  const { t } = useTranslation('instance-live');
  const theme = useMantineTheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const shade = dark ? 4 : 7;
  const series = useMemo(
    () => ({
      cpu: [
        { key: 'cpu', label: t('charts.cpu'), color: (theme.colors.ocean ?? theme.colors.blue)[shade]! },
      ] satisfies ChartSeries[],
      mem: [{ key: 'mem', label: t('charts.memUsed'), color: theme.colors.grape[shade]! }] satisfies ChartSeries[],
      net: [
        { key: 'netIn', label: t('charts.netIn'), color: theme.colors.teal[shade]! },
        { key: 'netOut', label: t('charts.netOut'), color: theme.colors.orange[shade]! },
      ] satisfies ChartSeries[],
    }),
    [t, theme, shade],
  );
  const cpu = latest(points, 'cpu');
  const mem = latest(points, 'mem');
  const maxmem = latest(points, 'maxmem');
  const netIn = latest(points, 'netIn');
  const netOut = latest(points, 'netOut');
  const none = t('charts.noData');
  return (
    <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
      <LiveChart
        title={t('charts.cpuTitle')}
        summary={cpu === null ? none : t('charts.cpuSummary', { value: percent(cpu) })}
        points={points}
        series={series.cpu}
        yMax={axisMax(
          points.map((p) => p.cpu),
          CHARTS.cpuAxisMin * 100,
        )}
        format={percent}
        height={height}
      />
      <LiveChart
        title={t('charts.memTitle')}
        summary={
          mem === null
            ? none
            : t('charts.memSummary', { used: formatBytes(mem), total: maxmem ? formatBytes(maxmem) : '—' })
        }
        points={points}
        series={series.mem}
        yMax={
          maxmem
            ? axisMax(
                points.map((p) => p.mem),
                maxmem,
              )
            : axisMax(
                points.map((p) => p.mem),
                1024 ** 2,
              )
        }
        format={bytes}
        steps={BYTE_STEPS}
        height={height}
      />
      <LiveChart
        title={t('charts.netTitle')}
        summary={
          netIn === null || netOut === null
            ? none
            : t('charts.netSummary', { in: perSecond(netIn), out: perSecond(netOut) })
        }
        points={points}
        series={series.net}
        yMax={axisMax(
          points.flatMap((p) => [p.netIn, p.netOut]),
          CHARTS.netAxisMin,
        )}
        format={perSecond}
        steps={BYTE_STEPS}
        height={height}
      />
    </SimpleGrid>
  );
}
