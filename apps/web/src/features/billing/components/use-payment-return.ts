import type { Payment } from '@nimbus/contract';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { refreshBalance } from '../../../lib/session/balance';
import { paymentQueryOptions } from '../api/payments-api';
import { money } from '../money';

/**
 * The return from a gateway (`/billing?payment_id=`): asks about the payment until it is no longer
 * pending, then says how it ended, refreshes the balance in the header and the billing lists, and
 * hands the payment to `onSettled` (which drops the parameter), or null when it cannot be read.
 */
export function usePaymentReturn(paymentId: number | undefined, onSettled: (payment: Payment | null) => void) {
  const { t } = useTranslation('billing');
  const queryClient = useQueryClient();
  const payment = useQuery({ ...paymentQueryOptions(paymentId ?? 0), enabled: paymentId !== undefined });
  const told = useRef<number | null>(null);
  const latest = useRef(onSettled);
  latest.current = onSettled;

  const data = payment.data;
  const failed = payment.isError ? payment.error : null;
  useEffect(() => {
    if (paymentId === undefined || told.current === paymentId) return;
    if (failed) {
      told.current = paymentId;
      if (!(isApiError(failed) && failed.handled)) {
        notify.warning({ title: t('payment.notFoundTitle'), message: t('payment.notFoundMessage') });
      }
      latest.current(null);
      return;
    }
    if (!data || data.Id !== paymentId || data.Status === 'pending') return;
    told.current = paymentId;
    if (data.Status === 'succeeded') {
      const amount = money(data.Amount, data.Currency);
      notify.success({
        title: t('payment.success'),
        message:
          data.Purpose === 'invoice' && data.InvoiceId !== null
            ? t('payment.successInvoice', { id: data.InvoiceId, amount })
            : t('payment.successTopUp', { amount }),
      });
    }
    refreshBalance(queryClient);
    latest.current(data);
  }, [paymentId, data, failed, queryClient, t]);
}
