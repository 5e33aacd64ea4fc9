import type { ConsoleTicket } from '@nimbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../../lib/api-error';
import { requestConsoleTicket, type ConsoleKind } from './api/console-api';
import { instanceStatusQueryOptions } from '../../lib/instances/instance-live-api';
import { instanceQueryOptions } from '../../lib/instances/instances-api';

/** A ticket the route loader asked for and was refused: the page says why instead of redirecting. */
export interface RefusedTicket {
  refused: unknown;
}

// A console token works once. The route loader takes the first one; every later (re)connect, and a
// loader result shown again from the router's cache, takes a fresh one.
const spent = new WeakSet<ConsoleTicket | RefusedTicket>();

/** The loader's ticket if nobody used it yet (its refusal thrown), otherwise a new one from the server. */
export async function takeTicket(
  kind: ConsoleKind,
  id: number,
  initial: ConsoleTicket | RefusedTicket | null,
): Promise<ConsoleTicket> {
  if (initial && !spent.has(initial)) {
    spent.add(initial);
    if ('refused' in initial) throw initial.refused;
    return initial;
  }
  return requestConsoleTicket(kind, id);
}

/** Why a console could not be opened, each with what to do (reason.* of the console's strings). */
export type Refusal =
  | 'notAvailable'
  | 'failed'
  | 'tooMany'
  | 'notFound'
  | 'hostDown'
  | 'stopped'
  | 'paused'
  | 'suspended'
  | 'notActive'
  | 'vmMissing';

const BY_VM_STATE = { stopped: 'stopped', paused: 'paused', unknown: 'vmMissing' } as const;

/**
 * Why the server refused a console ticket. Its 409 wrong_status covers every state without a
 * console, so the instance and its VM are read again to say which one it is.
 */
export async function explainRefusal(queryClient: QueryClient, id: number, error: unknown): Promise<Refusal> {
  if (!isApiError(error)) return 'failed';
  if (error.status === 429) return 'tooMany';
  if (error.code === 'instance_not_exist') return 'notFound';
  // The cluster did not answer about the VM (its node or API is unreachable).
  if (error.code === 'get_instance_error') return 'hostDown';
  if (error.code !== 'wrong_status') return 'failed';
  try {
    const instance = await queryClient.fetchQuery({ ...instanceQueryOptions(id), staleTime: 0 });
    if (instance.SuspendedAt) return 'suspended';
    if (instance.Status !== 'available') return 'notActive';
    const live = await queryClient.fetchQuery({ ...instanceStatusQueryOptions(id), staleTime: 0 });
    return live.State === 'running' ? 'notAvailable' : BY_VM_STATE[live.State];
  } catch {
    return 'notAvailable';
  }
}
