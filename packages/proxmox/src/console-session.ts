import type http from 'node:http';
import WebSocket from 'ws';
import { TicketAuth, type Ticket } from './auth.js';
import { DEFAULT_RETRY } from './backoff.js';
import { apiPath, encodeQuery } from './encoding.js';
import { decodeConsoleTicket } from './decode-extra.js';
import { obj, optStr, str } from './decode.js';
import { ProxmoxError } from './errors.js';
import { HttpClient, type CallSpec } from './http-client.js';
import { silentLogger, type Logger } from './logger.js';
import { createAgent, type TlsOptions } from './tls-pinning.js';
import type { ConsoleTicket } from './types-extra.js';

/**
 * How to log in a console user (API tokens cannot open consoles: termproxy re-checks the ticket as
 * a user's; docs/decisions/0006-console-proxy.md).
 */
export interface ConsoleSessionOptions {
  baseUrl: string;
  username: string;
  password: string;
  tls?: TlsOptions;
  timeoutMs?: number;
  logger?: Logger;
  /** Renew the ticket once it is this old; tickets expire after 2 h. Default 90 min. */
  renewAfterMs?: number;
  now?: () => number;
}

/** A ticket-authenticated session for vncproxy/termproxy and the vncwebsocket it opens. */
export class ConsoleSession {
  #ticket: Ticket | undefined;
  readonly #password: string;
  private readonly agent: http.Agent;
  private readonly http: HttpClient;
  private readonly now: () => number;

  private readonly opts: Omit<ConsoleSessionOptions, 'password'>;

  private constructor(options: ConsoleSessionOptions) {
    const { password, ...opts } = options;
    this.opts = opts;
    this.#password = password;
    this.now = opts.now ?? Date.now;
    this.agent = createAgent(opts.baseUrl, opts.tls);
    this.http = new HttpClient({
      baseUrl: opts.baseUrl,
      agent: this.agent,
      freshAgent: createAgent(opts.baseUrl, opts.tls, false),
      auth: new TicketAuth(() => this.#ticket),
      logger: opts.logger ?? silentLogger,
      timeoutMs: opts.timeoutMs ?? 30_000,
      connectTimeoutMs: Math.min(opts.timeoutMs ?? 30_000, 10_000),
      retry: { ...DEFAULT_RETRY, maxAttempts: 3 },
    });
  }

  /** Logs in with `POST /access/ticket` and returns the session. */
  static async login(opts: ConsoleSessionOptions): Promise<ConsoleSession> {
    const session = new ConsoleSession(opts);
    await session.authenticate(opts.password);
    return session;
  }

  /** The current ticket (needed by a console proxy; treat as a secret). */
  get ticket(): Ticket {
    if (!this.#ticket) throw new Error('console session is not logged in');
    return this.#ticket;
  }

  /** Renews the ticket by logging in with the current ticket as password. */
  async renew(): Promise<void> {
    await this.authenticate(this.ticket.ticket);
  }

  /** `POST …/vncproxy {websocket:1}`; connect to the websocket within 10 s. */
  async vncproxy(node: string, vmid: number, opts: { generatePassword?: boolean } = {}): Promise<ConsoleTicket> {
    const params = { websocket: true, 'generate-password': opts.generatePassword };
    return decodeConsoleTicket(
      await this.call({ method: 'POST', path: apiPath`/nodes/${node}/qemu/${vmid}/vncproxy`, params }),
    );
  }

  /** `POST …/termproxy` for the serial console. */
  async termproxy(node: string, vmid: number, serial?: string): Promise<ConsoleTicket> {
    return decodeConsoleTicket(
      await this.call({ method: 'POST', path: apiPath`/nodes/${node}/qemu/${vmid}/termproxy`, params: { serial } }),
    );
  }

  /**
   * Opens `vncwebsocket` on the same host with the session cookie and the `binary` subprotocol.
   * The socket is returned paused: the RFB server speaks first, and its greeting could otherwise be
   * emitted before the caller attaches a listener. Call `ws.resume()` after `ws.on('message', …)`.
   */
  async openWebSocket(node: string, vmid: number, t: Pick<ConsoleTicket, 'port' | 'ticket'>): Promise<WebSocket> {
    await this.ensureFresh();
    const base = this.opts.baseUrl.replace(/\/+$/, '').replace(/^http/, 'ws');
    const url = `${base}/api2/json${apiPath`/nodes/${node}/qemu/${vmid}/vncwebsocket`}${encodeQuery({ port: t.port, vncticket: t.ticket })}`;
    const ws = new WebSocket(url, ['binary'], {
      headers: { cookie: `PVEAuthCookie=${encodeURIComponent(this.ticket.ticket)}` },
      agent: createAgent(this.opts.baseUrl, this.opts.tls, false),
      handshakeTimeout: this.opts.timeoutMs ?? 30_000,
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => {
        ws.pause();
        resolve(ws);
      });
      ws.once('unexpected-response', (_req, res) => {
        ws.terminate();
        const reason = res.statusMessage ?? 'websocket refused';
        reject(
          new ProxmoxError({
            kind: res.statusCode === 401 ? 'auth' : 'http',
            method: 'GET',
            path: 'vncwebsocket',
            status: res.statusCode,
            reason,
          }),
        );
      });
      ws.once('error', (err) =>
        reject(
          new ProxmoxError({ kind: 'network', method: 'GET', path: 'vncwebsocket', reason: err.message, cause: err }),
        ),
      );
    });
  }

  /** Releases pooled connections. */
  close(): void {
    this.agent.destroy();
  }

  private async ensureFresh(): Promise<void> {
    if (this.now() - this.ticket.issuedAt >= (this.opts.renewAfterMs ?? 90 * 60_000)) await this.renew();
  }

  private async call(spec: CallSpec): Promise<unknown> {
    await this.ensureFresh();
    try {
      return await this.http.call(spec);
    } catch (e) {
      // An expired or revoked ticket: log in again with the password once, then retry.
      if (!(e instanceof ProxmoxError) || e.status !== 401) throw e;
      await this.authenticate(this.#password);
      return this.http.call(spec);
    }
  }

  private async authenticate(password: string): Promise<void> {
    const params = { username: this.opts.username, password };
    const data = obj(await this.http.call({ method: 'POST', path: '/access/ticket', params, retry: 'idempotent' }));
    const ticket = optStr(data.ticket);
    if (!ticket)
      throw new ProxmoxError({ kind: 'auth', method: 'POST', path: '/access/ticket', reason: 'no ticket in answer' });
    this.#ticket = {
      ticket,
      csrfToken: str(data.CSRFPreventionToken),
      username: str(data.username, this.opts.username),
      clusterName: optStr(data.clustername),
      issuedAt: this.now(),
    };
    this.opts.logger?.info('proxmox console session authenticated', { username: this.ticket.username });
  }
}
