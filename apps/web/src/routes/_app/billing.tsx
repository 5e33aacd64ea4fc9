import { createFileRoute, redirect } from '@tanstack/react-router';
import { useSuspenseQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ensureInvoice } from '../../features/billing/api/ensure-invoice';
import { paymentMethodsQueryOptions } from '../../lib/payments/top-up-api';
import { recentEntriesQuery, unpaidCountQuery } from '../../features/billing/components/balance-card';
import { BillingPage } from '../../features/billing/components/billing-page';
import { type BillingSearch, parseBillingSearch } from '../../features/billing/search';
import { preloadStripe } from '../../features/billing/stripe';
import { useTranslation } from '../../lib/i18n/react';
import { usePageTitle } from '../../lib/page-title';

export const Route = createFileRoute('/_app/billing')({
  validateSearch: parseBillingSearch,
  loaderDeps: ({ search }) => ({ invoice_id: search.invoice_id }),
  // An invoice_id (docs/product/billing.md#pages) is fetched (3 retries, 100 ms apart) and opened,
  // or the customer lands on /billing with a warning. The payment methods and the balance card's
  // reads are fetched; in production, with Stripe configured, its SDK starts loading.
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    if (deps.invoice_id !== undefined) {
      const id = await ensureInvoice(queryClient, deps.invoice_id);
      throw redirect({ to: '/invoices/$id', params: { id: String(id) }, replace: true });
    }
    const [methods] = await Promise.all([
      queryClient.ensureQueryData(paymentMethodsQueryOptions()),
      // The balance card's reads, with the page (a read that fails leaves its part of the card out).
      queryClient.prefetchQuery(unpaidCountQuery()),
      queryClient.prefetchQuery(recentEntriesQuery()),
    ]);
    preloadStripe(methods.StripePublishableKey);
  },
  component: BillingRoute,
});

function BillingRoute() {
  const { t } = useTranslation();
  usePageTitle(t('titles.billing'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data: methods } = useSuspenseQuery(paymentMethodsQueryOptions());
  const onSearchChange = useCallback(
    (next: BillingSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <BillingPage methods={methods} search={search} onSearchChange={onSearchChange} />;
}
