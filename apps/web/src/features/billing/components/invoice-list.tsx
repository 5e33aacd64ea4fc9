import { INVOICE_STATUSES, type InvoiceStatus, type InvoiceSummary } from '@nimbus/contract';
import { Box, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconFileInvoice, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { invoicesQueryOptions } from '../api/invoices-api';
import { money } from '../money';
import classes from './billing.module.css';
import { InvoiceStatusBadge } from './badges';
import { EmptyState } from '../../../components/empty-state';
import { DataList, listState, PhoneLine, type DataListColumn } from '../../../components/data-list';

export const INVOICES_PAGE_SIZE = 10;

interface InvoiceListProps {
  status: InvoiceStatus | undefined;
  page: number;
  onChange: (next: { status: InvoiceStatus | undefined; page: number }) => void;
}

/** The caller's invoices with the status filter (all, unpaid, paid, cancelled) and paging. */
export function InvoiceList({ status, page, onChange }: InvoiceListProps) {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const list = useQuery(invoicesQueryOptions({ limit: INVOICES_PAGE_SIZE, page, status }));
  const data = list.data;

  const columns: DataListColumn<InvoiceSummary>[] = [
    {
      key: 'number',
      header: t('invoices.number'),
      cell: (invoice) => (
        <>
          <AnchorLink to="/invoices/$id" params={{ id: String(invoice.Id) }} fw={600}>
            {t('invoice.number', { id: invoice.Id })}
          </AnchorLink>
          <PhoneLine>{date.format(new Date(invoice.InvoiceDate))}</PhoneLine>
        </>
      ),
    },
    {
      key: 'kind',
      header: t('invoices.kind'),
      visibleFrom: 'sm',
      td: { fz: 'sm' },
      cell: (invoice) => (
        <>
          {t(`kind.${invoice.Kind}`)}
          {invoice.Hostname ? (
            <Text fz="xs" c="dimmed">
              {invoice.Hostname}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'date',
      header: t('invoices.date'),
      visibleFrom: 'sm',
      td: { fz: 'sm' },
      cell: (invoice) => date.format(new Date(invoice.InvoiceDate)),
    },
    {
      key: 'due',
      header: t('invoices.due'),
      visibleFrom: 'md',
      td: { fz: 'sm' },
      cell: (invoice) => date.format(new Date(invoice.DueDate)),
    },
    {
      key: 'amount',
      header: t('invoices.amount'),
      align: 'end',
      td: { fz: 'sm', className: classes.amount },
      cell: (invoice) => money(invoice.Amount, invoice.Currency),
    },
    {
      key: 'status',
      header: t('invoices.status'),
      cell: (invoice) => <InvoiceStatusBadge status={invoice.Status} />,
    },
  ];

  return (
    <Stack gap={0}>
      <Box p="md">
        <SegmentedControl
          aria-label={t('invoices.filter')}
          value={status ?? 'all'}
          onChange={(value) => onChange({ status: value === 'all' ? undefined : (value as InvoiceStatus), page: 1 })}
          data={[
            { value: 'all', label: t('status.all') },
            ...INVOICE_STATUSES.map((s) => ({ value: s, label: t(`status.${s}`) })),
          ]}
          className={classes.filter}
        />
      </Box>
      <DataList
        label={t('invoices.label')}
        className={classes.table}
        highlightOnHover
        scroll
        columns={columns}
        rowKey={(invoice) => invoice.Id}
        {...listState(
          list,
          {
            summary: (count) => t('list.total', { count }),
            pageSize: INVOICES_PAGE_SIZE,
            page,
            onPage: (p) => onChange({ status, page: p }),
          },
          { message: t('invoices.loadFailed'), inset: true },
        )}
        empty={
          data?.Total !== 0 ? undefined : status === undefined ? (
            <EmptyState
              icon={IconFileInvoice}
              title={t('invoices.emptyTitle')}
              message={t('invoices.emptyMessage')}
              action={
                <ButtonLink to="/deploy" leftSection={<IconRocket size={16} aria-hidden />}>
                  {t('invoices.deploy')}
                </ButtonLink>
              }
            />
          ) : (
            <Text c="dimmed" ta="center" p="xl">
              {t('invoices.emptyFiltered', { status: t(`status.${status}`) })}
            </Text>
          )
        }
      />
    </Stack>
  );
}
