import { queryOptions } from '@tanstack/react-query';
import { fetchAttachment } from './transfer';
import { ticketKeys } from './ticket-keys';

/** An attachment's bytes: they never change, so they are read once and kept while in use. */
export const attachmentQueryOptions = (id: number) =>
  queryOptions({
    queryKey: ticketKeys.attachment(id),
    queryFn: ({ signal }) => fetchAttachment(id, signal),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
