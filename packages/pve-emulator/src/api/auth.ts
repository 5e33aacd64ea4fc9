import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { PveError } from './errors.js';

/** Who made a request and how they proved it. */
export interface Principal {
  user: string;
  kind: 'token' | 'ticket';
}

const TICKET_LIFETIME_S = 7200;

function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** Issues and verifies PVE tickets, CSRF tokens and API tokens like pveproxy. */
export class Auth {
  private readonly secret = randomBytes(32);
  private readonly tokens: Map<string, string>;
  private readonly users: Map<string, string>;

  constructor(tokens: string[], users: { username: string; password: string }[]) {
    this.tokens = new Map(
      tokens.map((t) => {
        const bang = t.indexOf('!');
        const eq = t.indexOf('=', bang);
        return [t.slice(0, eq), t.slice(eq + 1)] as const;
      }),
    );
    this.users = new Map(users.map((u) => [u.username, u.password]));
  }

  private sign(data: string): string {
    return createHmac('sha256', this.secret).update(data).digest('base64').replace(/=+$/, '');
  }

  /** A signed ticket `PREFIX:user:HEXTIME::signature`, as Proxmox formats PVE and VNC tickets. */
  ticket(prefix: string, user: string, extra = ''): string {
    const plain = `${prefix}:${user}:${Math.floor(Date.now() / 1000)
      .toString(16)
      .toUpperCase()}`;
    return `${plain}::${this.sign(plain + extra)}`;
  }

  /** Returns the user of a valid, unexpired ticket with the given prefix. */
  verifyTicket(prefix: string, ticket: string, extra = '', lifetime = TICKET_LIFETIME_S): string | undefined {
    const m = /^([A-Z]+):([^:]+):([0-9A-F]{8})::(.+)$/.exec(ticket);
    if (!m || m[1] !== prefix || !m[2] || !m[3] || !m[4]) return undefined;
    if (!safeEqual(this.sign(`${m[1]}:${m[2]}:${m[3]}${extra}`), m[4])) return undefined;
    const age = Date.now() / 1000 - parseInt(m[3], 16);
    return age <= lifetime ? m[2] : undefined;
  }

  /** The CSRF prevention token bound to a user. */
  csrf(user: string): string {
    const hex = Math.floor(Date.now() / 1000)
      .toString(16)
      .toUpperCase();
    return `${hex}:${this.sign(`${hex}:${user}`)}`;
  }

  private csrfValid(user: string, token: string | undefined): boolean {
    const m = token ? /^([0-9A-F]{8}):(.+)$/.exec(token) : null;
    return !!m && !!m[1] && !!m[2] && safeEqual(this.sign(`${m[1]}:${user}`), m[2]);
  }

  /** Checks a username/password (or a still-valid ticket as password) for POST /access/ticket. */
  login(username: string, password: string): boolean {
    const known = this.users.get(username);
    if (known !== undefined && safeEqual(known, password)) return true;
    return this.verifyTicket('PVE', password) === username;
  }

  /** Authenticates a request from its Authorization header or PVEAuthCookie; throws 401 like pveproxy. */
  authenticate(req: IncomingMessage, mutating: boolean): Principal {
    const header = req.headers.authorization ?? '';
    const tokenMatch = /^PVEAPIToken[= ](.+)$/.exec(header);
    if (tokenMatch?.[1]) {
      const value = decodeURIComponent(tokenMatch[1]);
      const bang = value.indexOf('!');
      const eq = value.indexOf('=', bang);
      const id = eq > 0 ? value.slice(0, eq) : value;
      const user = id.slice(0, Math.max(bang, 0));
      if (bang < 0 || eq < 0) throw new PveError(401, 'no token value specified');
      const secret = this.tokens.get(id);
      if (secret === undefined) throw new PveError(401, `no such token '${id.slice(bang + 1)}' for user '${user}'`);
      if (!safeEqual(secret, value.slice(eq + 1))) throw new PveError(401, 'invalid token value!');
      return { user: id, kind: 'token' };
    }
    const cookie = /(?:^|;\s*)PVEAuthCookie=([^;]+)/.exec(req.headers.cookie ?? '')?.[1];
    const fromHeader = /^PVEAuthCookie=(.+)$/.exec(header)?.[1];
    const raw = cookie ?? fromHeader;
    if (!raw) throw new PveError(401, 'No ticket');
    const user = this.verifyTicket('PVE', decodeURIComponent(raw));
    if (!user) throw new PveError(401, 'invalid PVE ticket');
    const csrf = req.headers.csrfpreventiontoken;
    if (mutating && !this.csrfValid(user, Array.isArray(csrf) ? csrf[0] : csrf)) {
      throw new PveError(401, 'Permission denied - invalid csrf token');
    }
    return { user, kind: 'ticket' };
  }
}
