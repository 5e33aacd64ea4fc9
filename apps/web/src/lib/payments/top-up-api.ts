import { IDEMPOTENCY_HEADER, Payment, PaymentMethods, QUERY, type TopUpBody } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

// A top-up is started from /billing and from /deploy's checkout (a deploy the balance cannot
// cover), so its reads and its call live here rather than in either feature.

/** The key of the payment methods, apart from the billing reads a payment refreshes. */
export const PAYMENT_METHODS_KEY = ['payment-methods'] as const;

/** GET api/paymentMethods: the methods on offer and the top-up limits (prefetched on /billing). */
export const paymentMethodsQueryOptions = () =>
  queryOptions({
    queryKey: PAYMENT_METHODS_KEY,
    queryFn: ({ signal }) => api.get('paymentMethods', PaymentMethods, undefined, signal),
    staleTime: QUERY.prefetchStaleMs,
  });

/** POST api/balance/topup with an idempotency key: a payment whose Url the customer is sent to. */
export const topUp = (body: TopUpBody, idempotencyKey: string) =>
  api.post('balance/topup', body, Payment, { [IDEMPOTENCY_HEADER]: idempotencyKey });
