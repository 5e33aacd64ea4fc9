import { type ConsoleBody, ConsoleTicket } from '@nimbus/contract';
import { api } from '../../../lib/api-client';

export type ConsoleKind = 'vnc' | 'xterm';

/** POST api/instance/vnc or api/instance/xterm: a single-use console token, valid for 30 s. */
export const requestConsoleTicket = (kind: ConsoleKind, id: number) =>
  api.post(`instance/${kind}`, { id } satisfies ConsoleBody, ConsoleTicket);

/** The console WebSocket of this origin for a token (never a Proxmox address). */
export function consoleSocketUrl(kind: ConsoleKind, id: number, ticket: ConsoleTicket): string {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  const query = new URLSearchParams({ id: String(id), ticket: ticket.Ticket });
  return `${scheme}://${window.location.hostname}:${ticket.Port}/api/instance/${kind}/ws?${query.toString()}`;
}

/** The close codes of the console sockets (apps/server consoles/session.ts) as reason keys. */
export function closeReason(code: number): 'ticket' | 'notAvailable' | 'unavailable' | 'revoked' | 'tooMany' | 'ended' {
  if (code === 4401) return 'ticket';
  if (code === 4409) return 'notAvailable';
  // Closed by the server: the session signed out, the password changed, the instance left service.
  if (code === 4403) return 'revoked';
  if (code === 4429) return 'tooMany';
  // 1006: the socket failed without a close frame (the server or the network went away).
  if (code === 4502 || code === 1006) return 'unavailable';
  return 'ended';
}
