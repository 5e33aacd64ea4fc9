import type { InvoiceStatus, PaymentMethod } from '@nimbus/contract';
import { Badge, Group, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

// The billing pages' badges in one module: each module shared by the billing and invoice pages is a
// chunk whose name the entry lists, and /login's budget pays for every name.

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

/** A payment method's name, with a clear badge when it is a test gateway that moves no money. */
export function GatewayLabel({ method }: { method: PaymentMethod }) {
  const { t } = useTranslation('billing');
  return (
    <Group gap="xs" wrap="nowrap" component="span">
      <Text component="span" fz="sm" fw={500}>
        {t(`methods.${method.Id}`)}
      </Text>
      {method.Test ? (
        <Badge component="span" color="orange" variant="outline" size="sm" style={{ textTransform: 'none' }}>
          {t('methods.test')}
        </Badge>
      ) : null}
    </Group>
  );
}
