import { Payment } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { billingKeys } from './billing-keys';

/** How often a payment the customer came back from is asked about while the gateway settles it. */
export const PAYMENT_POLL_MS = 500;

/** GET api/payment: a gateway payment, asked again while it is pending. */
export const paymentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: billingKeys.payment(id),
    queryFn: ({ signal }) => api.get('payment', Payment, { id }, signal),
    staleTime: 0,
    refetchInterval: (query) => (query.state.data?.Status === 'pending' ? PAYMENT_POLL_MS : false),
  });
