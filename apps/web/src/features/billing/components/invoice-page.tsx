import { cycleByCode } from '@nimbus/contract';
import { Button, Card, Divider, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCreditCard, IconFileDownload, IconPrinter } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import { AnchorLink } from '../../../components/router-link';
import { BRAND_NAME } from '../../../lib/brand';
import { useDateFormat, usePercentFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { useDownloadDocument } from '../api/documents-api';
import { invoiceQueryOptions } from '../api/invoices-api';
import { paymentMethodsQueryOptions } from '../../../lib/payments/top-up-api';
import { money } from '../money';
import classes from './invoice.module.css';
import { InvoicedToBlock, IssuerBlock } from './invoiced-to';
import { InvoiceStatusBadge } from './badges';
import { PayInvoiceDialog } from './pay-invoice-dialog';
import { BackLink } from '../../../components/back-link';

/** /invoices/{id}: the invoice with its dates, items and invoiced-to block; paid or printed here. */
export function InvoicePage({ id }: { id: number }) {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const { data: invoice } = useSuspenseQuery(invoiceQueryOptions(id));
  const unpaid = invoice.Status === 'unpaid';
  const methods = useQuery({ ...paymentMethodsQueryOptions(), enabled: unpaid });
  const [paying, { open, close }] = useDisclosure(false);
  const cycle = invoice.Cycle ? cycleByCode(invoice.Cycle) : undefined;
  const day = (iso: string | null) => (iso ? date.format(new Date(iso)) : '—');
  const rate = usePercentFormat();
  const download = useDownloadDocument();

  return (
    <Stack gap="lg" maw={960} data-invoice-print>
      <Group justify="space-between" align="flex-end" gap="sm" className={classes.noPrint}>
        <BackLink to="/billing">{t('invoice.back')}</BackLink>
        <Group gap="sm">
          {unpaid ? (
            <Button leftSection={<IconCreditCard size={16} aria-hidden />} onClick={open} disabled={!methods.data}>
              {t('invoice.pay')}
            </Button>
          ) : null}
          <Button
            variant="default"
            leftSection={<IconFileDownload size={16} aria-hidden />}
            loading={download.isPending}
            onClick={() => download.mutate({ kind: 'invoice', id: invoice.Id })}
          >
            {t('invoice.downloadPdf')}
          </Button>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            {t('invoice.print')}
          </Button>
        </Group>
      </Group>
      <Card
        withBorder
        radius="md"
        padding="xl"
        className={classes.doc}
        component="article"
        aria-labelledby="invoice-title"
      >
        <Stack gap="lg">
          <Group justify="space-between" align="flex-start" gap="sm">
            <div>
              <Title order={1} id="invoice-title">
                {t('invoice.number', { id: invoice.Id })}
              </Title>
              <Text c="dimmed" fz="sm">
                {BRAND_NAME} · {t(`kind.${invoice.Kind}`)}
              </Text>
            </div>
            <InvoiceStatusBadge status={invoice.Status} size="lg" />
          </Group>
          <dl className={classes.fields}>
            <Field label={t('invoice.invoiceDate')}>{day(invoice.InvoiceDate)}</Field>
            <Field label={t('invoice.dueDate')}>{day(invoice.DueDate)}</Field>
            <Field label={t('invoice.paidAt')}>{day(invoice.PaidAt)}</Field>
            <Field label={t('invoice.cycle')}>{cycle ? t(`deploy:cycles.${cycle.key}`) : '—'}</Field>
            <Field label={t('invoice.instance')}>
              {invoice.InstanceId !== null && invoice.Hostname ? (
                <AnchorLink to="/instances/$id" params={{ id: String(invoice.InstanceId) }} fz="sm">
                  {invoice.Hostname}
                </AnchorLink>
              ) : (
                '—'
              )}
            </Field>
            {invoice.PeriodStart && invoice.PeriodEnd ? (
              <Field label={t('invoice.period')}>
                {t('invoice.periodRange', { start: day(invoice.PeriodStart), end: day(invoice.PeriodEnd) })}
              </Field>
            ) : null}
          </dl>
          <Divider />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <IssuerBlock issuer={invoice.Issuer} />
            <InvoicedToBlock to={invoice.InvoicedTo} />
          </SimpleGrid>
          <Table className={classes.items} verticalSpacing="sm" aria-label={t('invoice.items')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('invoice.description')}</Table.Th>
                <Table.Th>{t('invoice.amount')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoice.Items.map((item, i) => (
                <Table.Tr key={i}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>{item.Description}</Table.Td>
                  <Table.Td>{money(item.Amount, invoice.Currency)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              {invoice.TaxRate > 0 ? (
                <>
                  <Table.Tr className={classes.subtotal}>
                    <Table.Td>{t('invoice.subtotal')}</Table.Td>
                    <Table.Td data-testid="invoice-subtotal">{money(invoice.Subtotal, invoice.Currency)}</Table.Td>
                  </Table.Tr>
                  <Table.Tr className={classes.subtotal}>
                    <Table.Td>{t('invoice.tax', { rate: rate.format(invoice.TaxRate / 100) })}</Table.Td>
                    <Table.Td data-testid="invoice-tax">{money(invoice.Tax, invoice.Currency)}</Table.Td>
                  </Table.Tr>
                </>
              ) : null}
              <Table.Tr>
                <Table.Td>{t('invoice.total')}</Table.Td>
                <Table.Td data-testid="invoice-total">{money(invoice.Amount, invoice.Currency)}</Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
          {invoice.TaxRate > 0 ? (
            <Text fz="xs" c="dimmed">
              {t('invoice.taxIncluded')}
            </Text>
          ) : null}
        </Stack>
      </Card>
      {unpaid && methods.data ? (
        <PayInvoiceDialog invoice={invoice} methods={methods.data} opened={paying} onClose={close} />
      ) : null}
    </Stack>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}
