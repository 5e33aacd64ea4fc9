import { randomBytes } from 'node:crypto';
import type { Auth } from './auth.js';

/** A console listener vncproxy/termproxy opened, waiting for its websocket. */
export interface ConsoleSession {
  kind: 'vnc' | 'term';
  port: number;
  vmid: number;
  node: string;
  user: string;
  ticket: string;
  password?: string;
  upid: string;
  expires: number;
  timer: NodeJS.Timeout;
}

// qemu-server gives the one-shot listener 10 s to see a connection.
const CONNECT_TIMEOUT_MS = 10_000;

/** Pending console sessions keyed by port (5900-5999, like Proxmox's VNC port range). */
export class ConsoleSessions {
  private readonly byPort = new Map<number, ConsoleSession>();

  constructor(private readonly auth: Auth) {}

  /** Opens a session; `onExpire` ends its task when nobody connects in time. */
  open(
    kind: 'vnc' | 'term',
    vmid: number,
    node: string,
    user: string,
    upidFor: (port: number) => string,
    onExpire: (s: ConsoleSession) => void,
  ): ConsoleSession {
    let port = 5900;
    while (this.byPort.has(port) && port < 5999) port++;
    const password = kind === 'vnc' ? randomBytes(6).toString('base64').replace(/[+/]/g, 'x').slice(0, 8) : undefined;
    const path = `/vms/${vmid}`;
    const vncTicket = this.auth.ticket('PVEVNC', user, `${path}:${port}`);
    // Since qemu-server 282ec11d the vnc ticket is prefixed with the 8-char VNC password.
    const ticket = password ? `${password}:${vncTicket}` : vncTicket;
    const session: ConsoleSession = {
      kind,
      port,
      vmid,
      node,
      user,
      ticket,
      password,
      upid: upidFor(port),
      expires: Date.now() + CONNECT_TIMEOUT_MS,
      timer: setTimeout(() => {
        this.byPort.delete(port);
        onExpire(session);
      }, CONNECT_TIMEOUT_MS),
    };
    this.byPort.set(port, session);
    return session;
  }

  /** Claims a session for a websocket: same port, ticket, user and VM; single use. */
  claim(port: number, ticket: string, user: string, vmid: number): ConsoleSession | undefined {
    const s = this.byPort.get(port);
    if (!s || s.ticket !== ticket || s.user !== user || s.vmid !== vmid || Date.now() > s.expires) return undefined;
    clearTimeout(s.timer);
    this.byPort.delete(port);
    return s;
  }

  /** Drops every pending session (emulator shutdown). */
  closeAll(): void {
    for (const s of this.byPort.values()) clearTimeout(s.timer);
    this.byPort.clear();
  }
}
