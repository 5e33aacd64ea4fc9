import { createFileRoute } from '@tanstack/react-router';
import { affiliateQueryOptions, affiliateStatsQueryOptions } from '../../features/affiliate/api/affiliate-api';
import { AffiliatePage } from '../../features/affiliate/components/affiliate-page';
import { useTranslation } from '../../lib/i18n/react';
import { usePageTitle } from '../../lib/page-title';

export const Route = createFileRoute('/_app/affiliate')({
  loader: ({ context }) =>
    Promise.all([
      context.queryClient.ensureQueryData(affiliateQueryOptions()),
      context.queryClient.ensureQueryData(affiliateStatsQueryOptions()),
    ]),
  component: AffiliateRoute,
});

function AffiliateRoute() {
  // The title lives in the console's strings: the public pages' chunk stays within its budget.
  const { t } = useTranslation('affiliate');
  usePageTitle(t('title'));
  return <AffiliatePage title={t('title')} />;
}
