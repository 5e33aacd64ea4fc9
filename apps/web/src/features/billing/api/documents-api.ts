import { fetchBlob, saveBlob } from '../../../lib/download';
import { notify } from '../../../lib/notify';
import { useTranslation } from '../../../lib/i18n/react';
import { useAction } from '../../../lib/use-action';

/** The PDFs of the money API: an invoice's printed form, a payment's receipt. */
export type BillingDocument = { kind: 'invoice'; id: number } | { kind: 'receipt'; id: number };

const PATHS = { invoice: 'invoice/pdf', receipt: 'payment/receipt' } as const;

/** Downloads a document as `invoice-12.pdf` / `receipt-5.pdf`; a failure says so in a toast. */
export function useDownloadDocument() {
  const { t } = useTranslation('billing');
  return useAction(async (d: BillingDocument) => {
    try {
      return saveBlob(await fetchBlob(PATHS[d.kind], { id: d.id }), `${d.kind}-${d.id}.pdf`);
    } catch (error) {
      notify.error({ title: t('documents.failed'), message: t('documents.failedMessage') });
      throw error;
    }
  });
}
