import type { InvoiceStatus } from '@nimbus/contract';
import { Badge } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

const COLORS: Record<InvoiceStatus, string> = { unpaid: 'orange', paid: 'teal', cancelled: 'gray' };

/** SPEC §3's invoice statuses: unpaid, paid, cancelled. */
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
