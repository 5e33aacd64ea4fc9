import type { InvoiceStatus } from '@nimbus/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

// The billing pages' badges in one module: each module shared by the billing and invoice pages is a
// chunk whose name the entry lists, and /login's budget pays for every name.

const COLORS: Record<InvoiceStatus, string> = { unpaid: 'orange', paid: 'teal', cancelled: 'gray' };

/** The invoice statuses (docs/product/billing.md): unpaid, paid, cancelled. */
export function InvoiceStatusBadge({ status, size }: { status: InvoiceStatus; size?: 'sm' | 'md' | 'lg' }) {
  const { t } = useTranslation('billing');
  return (
    <Badge
      variant="light"
      color={COLORS[status]}
      size={size}
      styles={{ root: { textTransform: 'none', flex: 'none', overflow: 'visible' }, label: { overflow: 'visible' } }}
    >
      {t(`status.${status}`)}
    </Badge>
  );
}
