import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/notify';
import { routeId } from '../../../lib/route-id';
import { ticketQueryOptions } from './tickets-api';

/**
 * The existence check of /tickets/{id} (docs/product/tickets.md#pages): a ticket that cannot be
 * read (missing, another customer's) is a 3 s warning ("ticket get failed" and a not-found tip) and
 * a redirect to /tickets.
 */
export async function ensureTicket(queryClient: QueryClient, raw: string): Promise<number> {
  const id = routeId(raw);
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
