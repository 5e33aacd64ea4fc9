import type { LedgerEntry } from '@nimbus/contract';
import { Button, Stack } from '@mantine/core';
import { IconArrowsExchange, IconCreditCard, IconReceipt } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { useDownloadDocument } from '../api/documents-api';
import { transactionsQueryOptions } from '../api/transactions-api';
import { money, signedMoney } from '../money';
import classes from './billing.module.css';
import { TOP_UP_INPUT_ID } from '../../../components/top-up-form';
import { EmptyState } from '../../../components/empty-state';
import { DataList, listState, PhoneLine, type DataListColumn } from '../../../components/data-list';

export const TRANSACTIONS_PAGE_SIZE = 10;

/** The ledger: every change of the balance, newest first, with signed amounts. */
export function TransactionsList({ page, onPage }: { page: number; onPage: (page: number) => void }) {
  const { t } = useTranslation('billing');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const list = useQuery(transactionsQueryOptions({ limit: TRANSACTIONS_PAGE_SIZE, page }));
  const download = useDownloadDocument();
  const data = list.data;

  const columns: DataListColumn<LedgerEntry>[] = [
    {
      key: 'date',
      header: t('transactions.date'),
      td: { fz: 'sm' },
      cell: (entry) => date.format(new Date(entry.CreatedAt)),
    },
    {
      key: 'kind',
      header: t('transactions.kind'),
      td: { fz: 'sm' },
      cell: (entry) => (
        <>
          {t(`ledger.${entry.Kind}`)}
          {entry.PaymentId !== null ? (
            <Button
              variant="subtle"
              size="compact-xs"
              ml={6}
              leftSection={<IconReceipt size={14} aria-hidden />}
              loading={download.isPending && download.variables?.id === entry.PaymentId}
              onClick={() => download.mutate({ kind: 'receipt', id: entry.PaymentId! })}
              aria-label={t('transactions.receiptLabel', { id: entry.PaymentId })}
            >
              {t('transactions.receipt')}
            </Button>
          ) : null}
          {entry.Note ? (
            <PhoneLine below="md" className={classes.note}>
              {entry.Note}
            </PhoneLine>
          ) : null}
        </>
      ),
    },
    {
      key: 'note',
      header: t('transactions.note'),
      visibleFrom: 'md',
      td: { fz: 'sm', className: classes.note },
      cell: (entry) => entry.Note,
    },
    {
      key: 'amount',
      header: t('transactions.amount'),
      align: 'end',
      td: (entry) => ({ fz: 'sm', fw: 600, className: classes.amount, 'data-credit': entry.Amount > 0 || undefined }),
      cell: (entry) => signedMoney(entry.Amount, entry.Currency),
    },
    {
      key: 'balance',
      header: t('transactions.balanceAfter'),
      align: 'end',
      visibleFrom: 'sm',
      td: { fz: 'sm', className: classes.amount },
      cell: (entry) => money(entry.BalanceAfter, entry.Currency),
    },
  ];

  return (
    <Stack gap={0}>
      <DataList
        label={t('transactions.label')}
        className={classes.table}
        scroll
        columns={columns}
        rowKey={(entry) => entry.Id}
        {...listState(
          list,
          { summary: (count) => t('list.total', { count }), pageSize: TRANSACTIONS_PAGE_SIZE, page, onPage },
          { message: t('transactions.loadFailed') },
        )}
        empty={
          data?.Total === 0 ? (
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
          ) : undefined
        }
      />
    </Stack>
  );
}
