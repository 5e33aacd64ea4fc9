import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react';
import { useSessionUser } from '../../../lib/session/session-query';
import { invoicesQueryOptions } from '../api/invoices-api';
import { money } from '../money';
import classes from './billing.module.css';

/** The balance, and how many invoices wait to be paid (a link to them). */
export function BalanceCard({ onShowUnpaid }: { onShowUnpaid: () => void }) {
  const { t } = useTranslation('billing');
  const user = useSessionUser();
  const unpaid = useQuery(invoicesQueryOptions({ limit: 1, status: 'unpaid' }));
  const title = t('balance.title');
  const count = unpaid.data?.Total ?? 0;
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Stack gap="xs">
        <Title order={2} fz="h4">
          {title}
        </Title>
        <Text className={classes.balance} data-testid="billing-balance">
          {money(user.Balance, user.Currency)}
        </Text>
        {user.Balance < 0 ? (
          <Text c="red" fz="sm" role="alert">
            {t('balance.debt', { amount: money(-user.Balance, user.Currency) })}
          </Text>
        ) : (
          <Text c="dimmed" fz="sm">
            {t('balance.note')}
          </Text>
        )}
        {count > 0 ? (
          <Anchor component="button" type="button" fz="sm" fw={600} ta="start" onClick={onShowUnpaid}>
            {t('balance.unpaid', { count })}
          </Anchor>
        ) : null}
      </Stack>
    </Card>
  );
}
