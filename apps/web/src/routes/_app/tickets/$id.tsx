import { QUERY } from '@nimbus/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { ensureTicket } from '../../../features/tickets/api/ensure-ticket';
import {
  ticketMessagesQueryOptions,
  ticketQueryOptions,
  ticketTypesQueryOptions,
} from '../../../features/tickets/api/tickets-api';
import { TicketPage } from '../../../features/tickets/components/ticket-page';
import { useTranslation } from '../../../lib/i18n/react';
import { usePageTitle } from '../../../lib/page-title';

export const Route = createFileRoute('/_app/tickets/$id')({
  // The ticket is checked before the page loads; one that cannot be read (missing, another
  // customer's) is a 3 s warning and a redirect to /tickets. Then the ticket, the ticket types and
  // the messages (limit 999) are prefetched.
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const id = await ensureTicket(queryClient, params.id);
    const prefetch = { staleTime: QUERY.prefetchStaleMs };
    void queryClient.prefetchQuery({ ...ticketTypesQueryOptions(), ...prefetch });
    await Promise.all([
      queryClient.prefetchQuery({ ...ticketQueryOptions(id), ...prefetch }),
      queryClient.prefetchQuery({ ...ticketMessagesQueryOptions(id), ...prefetch }),
    ]);
    return { id };
  },
  component: TicketRoute,
});

function TicketRoute() {
  const { id } = Route.useLoaderData();
  const { t } = useTranslation('tickets');
  const { data } = useSuspenseQuery(ticketQueryOptions(id));
  usePageTitle(t('title'), data.Title);
  return <TicketPage id={id} />;
}
