import type { InstanceSummary } from '@nimbus/contract';
import { Alert, Anchor, Badge, Text } from '@mantine/core';
import { IconAlertTriangle, IconReceipt } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';

type Renewal = Pick<InstanceSummary, 'SuspendedAt' | 'UnpaidInvoiceId' | 'DueAt'>;

/** "Suspended" beside the status of an instance suspended for an unpaid renewal. */
export function SuspendedBadge({ instance }: { instance: Renewal }) {
  const { t } = useTranslation('instances');
  if (!instance.SuspendedAt) return null;
  return (
    <Badge variant="light" color="red" styles={{ root: { textTransform: 'none', flex: 'none' } }}>
      {t('renewal.badge')}
    </Badge>
  );
}

/**
 * The renewal state of an instance: suspended for non-payment (the VM stopped, actions locked), or
 * an unpaid renewal invoice still to pay before the due date; each with a link to the invoice.
 */
export function RenewalAlert({ instance }: { instance: Renewal }) {
  const { t } = useTranslation('instances');
  const date = useDateFormat();
  const id = instance.UnpaidInvoiceId;
  const pay = id ? (
    <Anchor href={`/invoices/${id}`} fz="sm" fw={600}>
      {t('renewal.pay', { id })}
    </Anchor>
  ) : null;
  const due = date.format(new Date(instance.DueAt));
  if (instance.SuspendedAt) {
    return (
      <Alert
        color="red"
        variant="light"
        title={t('renewal.suspendedTitle')}
        icon={<IconAlertTriangle size={20} aria-hidden />}
        role="alert"
        data-testid="renewal-suspended"
      >
        <Text fz="sm">{t('renewal.suspendedBody', { due })}</Text>
        {pay}
      </Alert>
    );
  }
  if (!id) return null;
  return (
    <Alert color="yellow" variant="light" icon={<IconReceipt size={20} aria-hidden />} role="status">
      <Text fz="sm">{t('renewal.unpaidBody', { due })}</Text>
      {pay}
    </Alert>
  );
}
