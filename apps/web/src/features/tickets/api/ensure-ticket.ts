import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/notify';
import { ticketQueryOptions } from './tickets-api';

/** A ticket id from the path, or null when it cannot be one. */
export const ticketIdFrom = (raw: string): number | null =>
  /^[1-9]\d{0,15}$/.test(raw) && Number.isSafeInteger(Number(raw)) ? Number(raw) : null;

/**
 * The existence check of /tickets/{id} (docs/product/tickets.md#pages): a ticket that cannot be
 * read (missing, another customer's) is a 3 s warning ("ticket get failed" and a not-found tip) and
 * a redirect to /tickets.
 */
export async function ensureTicket(queryClient: QueryClient, raw: string): Promise<number> {
  const id = ticketIdFrom(raw);
  try {
    if (id === null) throw new Error('not a ticket id');
    await queryClient.ensureQueryData(ticketQueryOptions(id));
    return id;
  } catch (error) {
    if (!(isApiError(error) && error.handled)) {
      notify.warning({ title: i18n.t('tickets:notFound.title'), message: i18n.t('tickets:notFound.message') });
    }
    throw redirect({ to: '/tickets', replace: true });
  }
}
