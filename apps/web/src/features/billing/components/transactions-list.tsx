import { Button, Stack, Table, Text } from '@mantine/core';
import { IconArrowsExchange, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { useDownloadDocument } from '../api/documents-api';
import { transactionsQueryOptions } from '../api/transactions-api';
import { money, signedMoney } from '../money';
import classes from './billing.module.css';
import { ListFooter } from './list-footer';
import { TOP_UP_INPUT_ID } from '../../../components/top-up-form';
import { EmptyState, LoadFailed } from '../../../components/empty-state';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** The ledger: every change of the balance, newest first, with signed amounts. */
export function TransactionsList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('billing');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const list = useQuery(transactionsQueryOptions({ limit: TRANSACTIONS_PAGE_SIZE, page }));
  const download = useDownloadDocument();
  const data = list.data;

  // A read that failed after its retries says so, with a retry: never an empty list that looks
  // like "nothing here".
  if (list.isError && !data) {
    return (
      <LoadFailed
        message={t('transactions.loadFailed')}
        onRetry={() => void list.refetch()}
        retrying={list.isFetching}
      />
    );
  }

  if (data && data.Total === 0) {
    return (
      <EmptyState
        icon={IconArrowsExchange}
        title={t('transactions.emptyTitle')}
        message={t('transactions.emptyMessage')}
        action={
          <Button
            leftSection={<IconCreditCard size={16} aria-hidden />}
            onClick={() => document.getElementById(TOP_UP_INPUT_ID)?.focus()}
          >
            {t('transactions.topUp')}
          </Button>
        }
      />
    );
  }

  return (
    <Stack gap={0}>
      <Table.ScrollContainer minWidth={0}>
        <Table
          verticalSpacing="sm"
          horizontalSpacing="md"
          aria-label={t('transactions.label')}
          className={classes.table}
        >
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('transactions.date')}</Table.Th>
              <Table.Th>{t('transactions.kind')}</Table.Th>
              <Table.Th visibleFrom="md">{t('transactions.note')}</Table.Th>
              <Table.Th ta="end">{t('transactions.amount')}</Table.Th>
              <Table.Th ta="end" visibleFrom="sm">
                {t('transactions.balanceAfter')}
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data?.Items.map((entry) => (
              <Table.Tr key={entry.Id}>
                <Table.Td fz="sm">{date.format(new Date(entry.CreatedAt))}</Table.Td>
                <Table.Td fz="sm">
                  {t(`ledger.${entry.Kind}`)}
                  {entry.PaymentId !== null ? (
                    <Button
                      variant="subtle"
                      size="compact-xs"
                      ml={6}
                      leftSection={<IconReceipt size={14} aria-hidden />}
                      loading={download.isPending && download.variables.id === entry.PaymentId}
                      onClick={() => download.mutate({ kind: 'receipt', id: entry.PaymentId! })}
                      aria-label={t('transactions.receiptLabel', { id: entry.PaymentId })}
                    >
                      {t('transactions.receipt')}
                    </Button>
                  ) : null}
                  {entry.Note ? (
                    <Text fz="xs" c="dimmed" hiddenFrom="md" className={classes.note}>
                      {entry.Note}
                    </Text>
                  ) : null}
                </Table.Td>
                <Table.Td visibleFrom="md" fz="sm" className={classes.note}>
                  {entry.Note}
                </Table.Td>
                <Table.Td
                  ta="end"
                  fz="sm"
                  fw={600}
                  className={classes.amount}
                  data-credit={entry.Amount > 0 || undefined}
                >
                  {signedMoney(entry.Amount, entry.Currency)}
                </Table.Td>
                <Table.Td ta="end" fz="sm" visibleFrom="sm" className={classes.amount}>
                  {money(entry.BalanceAfter, entry.Currency)}
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {data && data.Total > 0 ? (
        <ListFooter total={data.Total} pageSize={TRANSACTIONS_PAGE_SIZE} page={page} onPage={onPage} />
      ) : null}
    </Stack>
  );
}
