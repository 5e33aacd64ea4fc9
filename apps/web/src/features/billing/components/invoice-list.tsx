import { INVOICE_STATUSES, type InvoiceStatus } from '@nimbus/contract';
import { Box, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { IconFileInvoice, IconRocket } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { invoicesQueryOptions } from '../api/invoices-api';
import { money } from '../money';
import classes from './billing.module.css';
import { InvoiceStatusBadge } from './badges';
import { ListFooter } from './list-footer';
import { EmptyState, LoadFailed } from '../../../components/empty-state';

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
      {list.isError && !data ? (
        <Box px="md" pb="md">
          <LoadFailed
            message={t('invoices.loadFailed')}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        </Box>
      ) : data && data.Total === 0 ? (
        status === undefined ? (
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
      ) : (
        <>
          <Table.ScrollContainer minWidth={0}>
            <Table
              highlightOnHover
              verticalSpacing="sm"
              horizontalSpacing="md"
              aria-label={t('invoices.label')}
              className={classes.table}
            >
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('invoices.number')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('invoices.kind')}</Table.Th>
                  <Table.Th visibleFrom="sm">{t('invoices.date')}</Table.Th>
                  <Table.Th visibleFrom="md">{t('invoices.due')}</Table.Th>
                  <Table.Th ta="end">{t('invoices.amount')}</Table.Th>
                  <Table.Th>{t('invoices.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data?.Items.map((invoice) => (
                  <Table.Tr key={invoice.Id}>
                    <Table.Td>
                      <AnchorLink to="/invoices/$id" params={{ id: String(invoice.Id) }} fw={600}>
                        {t('invoice.number', { id: invoice.Id })}
                      </AnchorLink>
                      <Text fz="xs" c="dimmed" hiddenFrom="sm">
                        {date.format(new Date(invoice.InvoiceDate))}
                      </Text>
                    </Table.Td>
                    <Table.Td visibleFrom="sm" fz="sm">
                      {t(`kind.${invoice.Kind}`)}
                      {invoice.Hostname ? (
                        <Text fz="xs" c="dimmed">
                          {invoice.Hostname}
                        </Text>
                      ) : null}
                    </Table.Td>
                    <Table.Td visibleFrom="sm" fz="sm">
                      {date.format(new Date(invoice.InvoiceDate))}
                    </Table.Td>
                    <Table.Td visibleFrom="md" fz="sm">
                      {date.format(new Date(invoice.DueDate))}
                    </Table.Td>
                    <Table.Td ta="end" fz="sm" className={classes.amount}>
                      {money(invoice.Amount, invoice.Currency)}
                    </Table.Td>
                    <Table.Td>
                      <InvoiceStatusBadge status={invoice.Status} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {data && data.Total > 0 ? (
            <ListFooter
              total={data.Total}
              pageSize={INVOICES_PAGE_SIZE}
              page={page}
              onPage={(p) => onChange({ status, page: p })}
            />
          ) : null}
        </>
      )}
    </Stack>
  );
}
