import { Button, Card, SimpleGrid, Text } from '@mantine/core';
import type { AffiliateSummary } from '@nimbus/contract';
import { money } from '../../../lib/money';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useWithdrawCommission } from '../api/affiliate-api';

function Stat({ label, value, children }: { label: string; value: string; children?: React.ReactNode }) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-label={label}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fz="xl" fw={700} data-testid="stat-value">
        {value}
      </Text>
      {children}
    </Card>
  );
}

/** Clicks, sign-ups, purchases and the commission totals; available commission moves into the balance. */
export function StatCards({ summary }: { summary: AffiliateSummary }) {
  const { t } = useTranslation('affiliate');
  const withdraw = useWithdrawCommission();
  const [key, setKey] = useState(() => crypto.randomUUID());
  const amount = (minor: number) => money(minor, summary.Currency);
  const available = summary.Commission.Available;

  const move = () =>
    withdraw.mutate(key, {
      onSuccess: (r) => {
        setKey(crypto.randomUUID());
        notify.success({
          title: t('withdraw.success'),
          message: t('withdraw.successMessage', { amount: amount(r.Amount) }),
        });
      },
      onError: () => {
        setKey(crypto.randomUUID());
        notify.error({ title: t('withdraw.failed') });
      },
    });

  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }} spacing="md">
      <Stat label={t('stats.clicks')} value={String(summary.Clicks)} />
      <Stat label={t('stats.signups')} value={String(summary.Signups)} />
      <Stat label={t('stats.purchases')} value={String(summary.Purchases)} />
      <Stat label={t('stats.pending')} value={amount(summary.Commission.Pending)} />
      <Stat label={t('stats.available')} value={amount(available)}>
        <Button size="xs" mt="xs" disabled={available <= 0} loading={withdraw.isPending} onClick={move}>
          {t('withdraw.action')}
        </Button>
      </Stat>
    </SimpleGrid>
  );
}
