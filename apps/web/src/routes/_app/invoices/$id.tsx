import { createFileRoute } from '@tanstack/react-router';
import { ensureInvoice } from '../../../features/billing/api/ensure-invoice';
import { InvoicePage } from '../../../features/billing/components/invoice-page';
import { useTranslation } from '../../../lib/i18n/react';
import { usePageTitle } from '../../../lib/page-title';

export const Route = createFileRoute('/_app/invoices/$id')({
  // The invoice is checked before the page loads: one that cannot be read (missing, another
  // customer's) is a 3 s warning and a redirect to /billing.
  loader: async ({ context, params }) => ({ id: await ensureInvoice(context.queryClient, params.id) }),
  component: InvoiceRoute,
});

function InvoiceRoute() {
  const { id } = Route.useLoaderData();
  const { t } = useTranslation('billing');
  const { t: tCommon } = useTranslation('common');
  usePageTitle(tCommon('titles.billing'), t('invoice.number', { id }));
  return <InvoicePage id={id} />;
}
