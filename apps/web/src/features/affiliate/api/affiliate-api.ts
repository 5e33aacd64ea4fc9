import {
  AffiliateCommissionList,
  AffiliateSignupList,
  AffiliateStats,
  AffiliateSummary,
  AffiliateWithdrawResult,
  IDEMPOTENCY_HEADER,
} from '@nimbus/contract';
import { keepPreviousData, queryOptions, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { refreshBalance } from '../../../lib/session/balance';
import { useAction } from '../../../lib/use-action';

export const AFFILIATE_PAGE_SIZE = 10;
export const AFFILIATE_CHART_DAYS = 30;

export const affiliateKeys = {
  all: ['affiliate'] as const,
  summary: () => [...affiliateKeys.all, 'summary'] as const,
  stats: (days: number) => [...affiliateKeys.all, 'stats', days] as const,
  signups: (page: number) => [...affiliateKeys.all, 'signups', page] as const,
  commissions: (page: number) => [...affiliateKeys.all, 'commissions', page] as const,
};

/** GET api/user/aff (docs/product/affiliate.md#api): the caller's link, rate and totals. */
export const affiliateQueryOptions = () =>
  queryOptions({
    queryKey: affiliateKeys.summary(),
    queryFn: ({ signal }) => api.get('user/aff', AffiliateSummary, undefined, signal),
  });

export const affiliateStatsQueryOptions = (days = AFFILIATE_CHART_DAYS) =>
  queryOptions({
    queryKey: affiliateKeys.stats(days),
    queryFn: ({ signal }) => api.get('user/aff/stats', AffiliateStats, { days }, signal),
  });

export const affiliateSignupsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: affiliateKeys.signups(page),
    queryFn: ({ signal }) =>
      api.get('user/aff/signups', AffiliateSignupList, { limit: AFFILIATE_PAGE_SIZE, page }, signal),
    placeholderData: keepPreviousData,
  });

export const affiliateCommissionsQueryOptions = (page: number) =>
  queryOptions({
    queryKey: affiliateKeys.commissions(page),
    queryFn: ({ signal }) =>
      api.get('user/aff/commissions', AffiliateCommissionList, { limit: AFFILIATE_PAGE_SIZE, page }, signal),
    placeholderData: keepPreviousData,
  });

/** POST api/user/aff/withdraw: all that is available; the header balance and the totals refresh. */
export function useWithdrawCommission() {
  const queryClient = useQueryClient();
  return useAction(
    (idempotencyKey: string) =>
      api.post('user/aff/withdraw', {}, AffiliateWithdrawResult, { [IDEMPOTENCY_HEADER]: idempotencyKey }),
    {
      onSuccess: () => {
        void queryClient.invalidateQueries({ queryKey: affiliateKeys.all });
        refreshBalance(queryClient);
      },
    },
  );
}
