import { useMutation } from '@tanstack/react-query';
import { fetchBlob, saveBlob } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/i18n/react';

/** The PDFs of the money API: an invoice's printed form, a payment's receipt. */
export type BillingDocument = { kind: 'invoice'; id: number } | { kind: 'receipt'; id: number };

const PATHS = { invoice: 'invoice/pdf', receipt: 'payment/receipt' } as const;

/** Downloads a document as `invoice-12.pdf` / `receipt-5.pdf`; a failure says so in a toast. */
export function useDownloadDocument() {
  const { t } = useTranslation('billing');
  return useMutation({
    mutationFn: async (d: BillingDocument) =>
      saveBlob(await fetchBlob(PATHS[d.kind], { id: d.id }), `${d.kind}-${d.id}.pdf`),
    onError: () => notify.error({ title: t('documents.failed'), message: t('documents.failedMessage') }),
  });
}
