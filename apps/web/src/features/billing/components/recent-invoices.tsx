import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileInvoice, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { recentInvoicesQueryOptions } from '../api/invoices-api';
import { money } from '../money';
import classes from './billing.module.css';
import { InvoiceStatusBadge } from './invoice-status-badge';

/** The dashboard's invoices (SPEC §2: limit 4), each linking to its page, and a way to /billing. */
export function RecentInvoices() {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const list = useQuery(recentInvoicesQueryOptions());
  const title = t('recent.title');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {list.data && list.data.Total > 0 ? (
          <AnchorLink to="/billing" fz="sm">
            {t('recent.all', { count: list.data.Total })}
          </AnchorLink>
        ) : null}
      </Group>
      {list.isPending ? (
        <Stack gap="xs">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : list.isError ? (
        <Text c="dimmed" fz="sm">
          {t('recent.failed')}
        </Text>
      ) : list.data.Items.length === 0 ? (
        <Stack align="center" gap="xs" ta="center" py="md">
          <IconFileInvoice size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>{t('recent.emptyTitle')}</Text>
          <Text c="dimmed" fz="sm" maw={360}>
            {t('recent.emptyMessage')}
          </Text>
          <ButtonLink to="/billing" leftSection={<IconWallet size={16} aria-hidden />} mt="xs">
            {t('recent.billing')}
          </ButtonLink>
        </Stack>
      ) : (
        <ul className={classes.recent}>
          {list.data.Items.map((invoice) => (
            <li key={invoice.Id}>
              <Group justify="space-between" gap="sm" wrap="nowrap">
                <div style={{ minWidth: 0 }}>
                  <AnchorLink to="/invoices/$id" params={{ id: String(invoice.Id) }} fw={600}>
                    {t('invoice.number', { id: invoice.Id })}
                  </AnchorLink>
                  <Text fz="xs" c="dimmed" truncate>
                    {date.format(new Date(invoice.InvoiceDate))} · {t(`kind.${invoice.Kind}`)}
                    {invoice.Hostname ? ` · ${invoice.Hostname}` : ''}
                  </Text>
                </div>
                <Group gap="sm" wrap="nowrap">
                  <Text fz="sm" fw={600} className={classes.amount}>
                    {money(invoice.Amount, invoice.Currency)}
                  </Text>
                  <InvoiceStatusBadge status={invoice.Status} />
                </Group>
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
