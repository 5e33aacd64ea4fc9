import type { Invoice, PaymentMethodId, PaymentMethods } from '@nimbus/contract';
import { Alert, Button, Group, Radio, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconWallet } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { ButtonLink } from '../../../components/router-link';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { refreshBalance } from '../../../lib/session/balance';
import { useSessionUser } from '../../../lib/session/session-query';
import { useAction } from '../../../lib/use-action';
import { billingKeys } from '../api/billing-keys';
import { payInvoice } from '../api/invoices-api';
import { money } from '../money';
import { GatewayLabel } from '../../../components/top-up-form';

interface PayInvoiceDialogProps {
  invoice: Invoice;
  methods: PaymentMethods;
  opened: boolean;
  onClose: () => void;
}

/**
 * Pays an unpaid invoice: from the balance at once, or through a gateway whose page the customer
 * is sent to. Not enough balance says so and leads to the top-up.
 */
export function PayInvoiceDialog({ invoice, methods, opened, onClose }: PayInvoiceDialogProps) {
  const { t } = useTranslation('billing');
  const { t: tErrors } = useTranslation('errors');
  const { t: tCommon } = useTranslation();
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const [method, setMethod] = useState<PaymentMethodId>(methods.Methods[0]?.Id ?? 'balance');
  const [short, setShort] = useState(false);
  const [leaving, setLeaving] = useState(false);
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useAction((m: PaymentMethodId) => payInvoice({ Id: invoice.Id, Method: m }, idempotencyKey));
  const amount = money(invoice.Amount, invoice.Currency);

  const pay = () =>
    send.mutate(method, {
      onSuccess: (result) => {
        setIdempotencyKey(crypto.randomUUID());
        if (result.Payment?.Url) {
          setLeaving(true);
          window.location.assign(result.Payment.Url);
          return;
        }
        notify.success({
          title: t('payment.success'),
          message: t('payment.successInvoice', { id: invoice.Id, amount }),
        });
        queryClient.setQueryData(billingKeys.invoice(invoice.Id), result.Invoice);
        refreshBalance(queryClient);
        onClose();
      },
      onError: (error) => {
        setIdempotencyKey(crypto.randomUUID());
        if (isApiError(error) && error.code === 'balance_not_enough') return setShort(true);
        if (isApiError(error) && error.code === 'wrong_status') {
          void queryClient.invalidateQueries({ queryKey: billingKeys.all });
        }
        showErrorToast(error, tErrors, t('pay.failed'));
      },
    });

  return (
    <Dialog opened={opened} onClose={onClose} title={t('pay.title', { id: invoice.Id })} centered>
      <Stack gap="md">
        <Text>{t('pay.amount', { amount })}</Text>
        <Radio.Group
          label={t('pay.method')}
          value={method}
          onChange={(value) => {
            setMethod(value as PaymentMethodId);
            setShort(false);
          }}
        >
          <Stack gap="sm" mt="xs">
            {methods.Methods.map((m) => (
              <Radio
                key={m.Id}
                value={m.Id}
                label={<GatewayLabel method={m} />}
                description={
                  m.Id === 'balance'
                    ? t('pay.balanceAvailable', { amount: money(user.Balance, user.Currency) })
                    : undefined
                }
              />
            ))}
          </Stack>
        </Radio.Group>
        {short ? (
          <Alert color="red" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">{tErrors('code.balance_not_enough')}</Text>
              <ButtonLink to="/billing" size="xs" variant="light" color="red" leftSection={<IconWallet size={14} />}>
                {t('pay.topUp')}
              </ButtonLink>
            </Stack>
          </Alert>
        ) : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {tCommon('actions.cancel')}
          </Button>
          <Button onClick={pay} loading={send.isPending || leaving}>
            {t('pay.submit', { amount })}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
