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
  const { t } = useTranslation();
  usePageTitle(t('titles.affiliate'));
  return <AffiliatePage title={t('titles.affiliate')} />;
}
