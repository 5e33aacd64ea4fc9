/** Supplies per-request auth headers; implementations hold the secret so nothing else has to. */
export interface AuthProvider {
  /** Headers for one request of the given method. */
  headers(method: string): Record<string, string>;
}

/** A Proxmox API token: `USER@REALM!TOKENID` plus its secret. */
export interface ApiToken {
  /** `user@realm!tokenid` */
  tokenId: string;
  secret: string;
}

/** Parses `USER@REALM!TOKENID=SECRET` (the form Proxmox shows on creation). */
export function parseApiToken(text: string): ApiToken {
  const eq = text.indexOf('=');
  const tokenId = eq === -1 ? '' : text.slice(0, eq);
  if (!/^[^@!\s]+@[^@!\s]+![A-Za-z][A-Za-z0-9._-]*$/.test(tokenId)) {
    // Never echo the input: it contains the secret.
    throw new Error('API token must look like USER@REALM!TOKENID=SECRET');
  }
  return { tokenId, secret: text.slice(eq + 1) };
}

/** Stateless token auth: one header, no CSRF token needed. */
export class TokenAuth implements AuthProvider {
  readonly #header: string;

  constructor(token: ApiToken | string) {
    const t = typeof token === 'string' ? parseApiToken(token) : token;
    this.#header = `PVEAPIToken=${t.tokenId}=${t.secret}`;
  }

  /** The Authorization header. */
  headers(): Record<string, string> {
    return { authorization: this.#header };
  }

  /** Keeps the secret out of logs and JSON dumps. */
  toJSON(): string {
    return 'TokenAuth(***)';
  }
}

/** A login ticket as returned by `POST /access/ticket`. */
export interface Ticket {
  ticket: string;
  csrfToken: string;
  username: string;
  clusterName?: string;
  /** When the ticket was issued (ms since epoch); tickets live 2 h. */
  issuedAt: number;
}

/** Cookie auth for a ticket; adds the CSRF header on writes. */
export class TicketAuth implements AuthProvider {
  constructor(private readonly current: () => Ticket | undefined) {}

  /** Cookie on every call, CSRFPreventionToken on POST/PUT/DELETE. */
  headers(method: string): Record<string, string> {
    const t = this.current();
    // Before login (the ticket request itself) there is nothing to send.
    if (!t) return {};
    const h: Record<string, string> = { cookie: `PVEAuthCookie=${encodeURIComponent(t.ticket)}` };
    if (method !== 'GET') h.csrfpreventiontoken = t.csrfToken;
    return h;
  }
}
