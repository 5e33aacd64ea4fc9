import { Anchor, Card, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react';
import { useSessionUser } from '../../../lib/session/session-query';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { invoicesQueryOptions } from '../api/invoices-api';
import { transactionsQueryOptions } from '../api/transactions-api';
import { money, signedMoney } from '../money';
import classes from './billing.module.css';

/** How many of the newest ledger entries the card shows under the balance. */
const RECENT = 3;

/**
 * The card's own reads. The billing page's loader starts them with the page, so the card shows
 * complete: filled after it showed, it grew and pushed the page below it down (a layout shift of
 * 0.11 on a phone).
 */
export const unpaidCountQuery = () => invoicesQueryOptions({ limit: 1, status: 'unpaid' });
export const recentEntriesQuery = () => transactionsQueryOptions({ limit: RECENT });

/**
 * The balance, how many invoices wait to be paid (a link to them), and the last few movements of
 * the balance with a link to every transaction.
 */
export function BalanceCard({
  onShowUnpaid,
  onShowTransactions,
}: {
  onShowUnpaid: () => void;
  onShowTransactions: () => void;
}) {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const user = useSessionUser();
  const unpaid = useQuery(unpaidCountQuery());
  const recent = useQuery(recentEntriesQuery());
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
        {recent.data && recent.data.Items.length > 0 ? (
          <div className={classes.recent}>
            <Title order={3} fz="sm" fw={600} mb={4}>
              {t('balance.recent')}
            </Title>
            <ul aria-label={t('balance.recent')}>
              {recent.data.Items.map((entry) => (
                <li key={entry.Id}>
                  <Text fz="sm" truncate title={entry.Note}>
                    {entry.Note}
                  </Text>
                  <Text fz="xs" c="dimmed" component="time" dateTime={entry.CreatedAt}>
                    {date.format(new Date(entry.CreatedAt))}
                  </Text>
                  <Text fz="sm" fw={600} className={classes.amount} data-credit={entry.Amount > 0 || undefined}>
                    {signedMoney(entry.Amount, entry.Currency)}
                  </Text>
                </li>
              ))}
            </ul>
            {recent.data.Total > RECENT ? (
              <Anchor component="button" type="button" fz="sm" fw={600} onClick={onShowTransactions}>
                {t('balance.allTransactions', { count: recent.data.Total })}
              </Anchor>
            ) : null}
          </div>
        ) : null}
      </Stack>
    </Card>
  );
}
