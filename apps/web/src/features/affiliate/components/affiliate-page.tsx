import { Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react';
import { affiliateQueryOptions } from '../api/affiliate-api';
import { ActivityCard } from './activity-card';
import { LinkCard } from './link-card';
import { CommissionList, SignupList } from './referral-lists';
import { StatCards } from './stat-cards';

/** /affiliate: the link, the totals, activity over time and the lists. */
export function AffiliatePage({ title }: { title: string }) {
  const { t } = useTranslation('affiliate');
  const summary = useSuspenseQuery(affiliateQueryOptions()).data;
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <LinkCard summary={summary} />
      <StatCards summary={summary} />
      <ActivityCard />
      <SignupList />
      <CommissionList />
    </Stack>
  );
}
