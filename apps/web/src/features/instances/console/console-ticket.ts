import type { ConsoleTicket } from '@nimbus/contract';
import { isApiError } from '../../../lib/api-error';
import { requestConsoleTicket, type ConsoleKind } from '../api/console-api';

// A console token works once. The route loader takes the first one; every later (re)connect, and a
// loader result shown again from the router's cache, takes a fresh one.
const spent = new WeakSet<ConsoleTicket>();

/** The loader's ticket if nobody used it yet, otherwise a new one from the server. */
export async function takeTicket(kind: ConsoleKind, id: number, initial: ConsoleTicket | null): Promise<ConsoleTicket> {
  if (initial && !spent.has(initial)) {
    spent.add(initial);
    return initial;
  }
  return requestConsoleTicket(kind, id);
}

/** The reason key for a ticket request that failed. */
export const ticketFailure = (error: unknown) =>
  isApiError(error) && error.code === 'wrong_status' ? ('notAvailable' as const) : ('failed' as const);
