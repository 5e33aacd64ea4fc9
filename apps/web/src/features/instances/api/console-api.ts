import { ConsoleTicket } from '@nimbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { api } from '../../../lib/api-client';
import { isApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/notify';
import { instanceQueryOptions } from './instances-api';

export type ConsoleKind = 'vnc' | 'xterm';

/** An instance id from the path, or null when it cannot be one. */
export const instanceIdFrom = (raw: string) =>
  /^[1-9]\d{0,9}$/.test(raw) && Number(raw) < 2 ** 31 ? Number(raw) : null;

/**
 * SPEC §2's existence check of the instance pages: an instance that cannot be read (missing,
 * another customer's) is a 3 s warning and a redirect to /instances. Answers the id.
 */
export async function ensureInstance(queryClient: QueryClient, raw: string): Promise<number> {
  const id = instanceIdFrom(raw);
  try {
    if (id === null) throw new Error('not an instance id');
    await queryClient.ensureQueryData(instanceQueryOptions(id));
    return id;
  } catch (error) {
    if (!(isApiError(error) && error.handled)) {
      notify.warning({ title: i18n.t('instances:notFound.title'), message: i18n.t('instances:notFound.message') });
    }
    throw redirect({ to: '/instances' });
  }
}

/** POST api/instance/vnc or api/instance/xterm: a single-use console token, valid for 30 s. */
export const requestConsoleTicket = (kind: ConsoleKind, id: number) =>
  api.post(`instance/${kind}`, { Id: id }, ConsoleTicket);

/** The console WebSocket of this origin for a token (never a Proxmox address). */
export function consoleSocketUrl(kind: ConsoleKind, id: number, ticket: ConsoleTicket): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ id: String(id), ticket: ticket.Ticket });
  return `${scheme}://${window.location.hostname}:${ticket.Port}/api/instance/${kind}/ws?${query.toString()}`;
}

/** The close codes of the console sockets (apps/server consoles/session.ts) as reason keys. */
export function closeReason(code: number): 'ticket' | 'notAvailable' | 'unavailable' | 'ended' {
  if (code === 4401) return 'ticket';
  if (code === 4409) return 'notAvailable';
  // 1006: the socket failed without a close frame (the server or the network went away).
  if (code === 4502 || code === 1006) return 'unavailable';
  return 'ended';
}
