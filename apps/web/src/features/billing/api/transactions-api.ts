import { LedgerList } from '@nimbus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys, type PageParams } from './billing-keys';

/** GET api/balance/transactions: a page of the caller's ledger, newest first. */
export const transactionsQueryOptions = (params: PageParams) =>
  queryOptions({
    queryKey: billingKeys.ledger(params),
    queryFn: ({ signal }) => api.get('balance/transactions', LedgerList, { ...params }, signal),
    placeholderData: keepPreviousData,
  });
