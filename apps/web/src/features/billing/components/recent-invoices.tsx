import { Group, Text } from '@mantine/core';
import { IconFileInvoice, IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RecentListCard } from '../../../components/recent-card';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { recentInvoicesQueryOptions } from '../api/invoices-api';
import { money } from '../money';
import classes from './billing.module.css';
import { InvoiceStatusBadge } from './badges';

/**
 * The dashboard's invoices (limit 4, docs/product/README.md#the-shell-and-the-dashboard), each
 * linking to its page, and a way to /billing.
 */
export function RecentInvoices() {
  const { t } = useTranslation('billing');
  const date = useDateFormat();
  const list = useQuery(recentInvoicesQueryOptions());
  return (
    <RecentListCard
      ns="billing"
      query={list}
      allLink={(label) => (
        <AnchorLink to="/billing" fz="sm">
          {label}
        </AnchorLink>
      )}
      emptyIcon={IconFileInvoice}
      emptyAction={
        <ButtonLink to="/billing" leftSection={<IconWallet size={16} aria-hidden />}>
          {t('recent.billing')}
        </ButtonLink>
      }
      itemKey={(invoice) => invoice.Id}
    >
      {(invoice) => (
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
      )}
    </RecentListCard>
  );
}
