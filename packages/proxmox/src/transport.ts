import http from 'node:http';
import https from 'node:https';
import { abortReason } from './backoff.js';

/** One HTTP exchange as the transport sees it. */
export interface RawRequest {
  method: string;
  /** Path plus query string, appended to the base URL. */
  path: string;
  headers: Record<string, string>;
  body?: string;
  timeoutMs: number;
  connectTimeoutMs: number;
  signal?: AbortSignal;
}

/** Status, reason phrase and body text of a response. */
export interface RawResponse {
  status: number;
  reason: string;
  body: string;
}

/** A failure below HTTP; `sent` says whether the request may have reached the server. */
export class TransportError extends Error {
  constructor(
    message: string,
    readonly sent: boolean,
    readonly timedOut: boolean,
    readonly code: string | undefined,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'TransportError';
  }
}

/** Sends one request with node:http(s) and a connect + overall timeout (global fetch cannot pin TLS). */
export function send(baseUrl: string, agent: http.Agent, req: RawRequest): Promise<RawResponse> {
  const url = new URL(baseUrl.replace(/\/+$/, '') + req.path);
  const lib = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    // Aborted already: nothing is sent. (Destroying a request before its error listener exists
    // throws its "socket hang up" out of the process.)
    if (req.signal?.aborted) return reject(abortReason(req.signal));
    let connected = false;
    let timedOut = false;
    let settled = false;
    const headers: Record<string, string> = { ...req.headers };
    if (req.body !== undefined) headers['content-length'] = String(Buffer.byteLength(req.body));
    const r = lib.request(url, { method: req.method, agent, headers });

    const finish = (err: Error | undefined, res?: RawResponse): void => {
      if (settled) return;
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(overallTimer);
      req.signal?.removeEventListener('abort', onAbort);
      if (res) resolve(res);
      else {
        const code = (err as NodeJS.ErrnoException | undefined)?.code;
        reject(new TransportError(err?.message ?? 'request failed', connected, timedOut, code, { cause: err }));
      }
    };
    const fail = (why: string, isTimeout: boolean): void => {
      timedOut = isTimeout;
      r.destroy(new Error(why));
    };
    const onAbort = (): void => {
      settled = true;
      clearTimeout(connectTimer);
      clearTimeout(overallTimer);
      r.destroy();
      reject(abortReason(req.signal));
    };
    const connectTimer = setTimeout(() => {
      if (!connected) fail(`connect timeout after ${req.connectTimeoutMs} ms`, true);
    }, req.connectTimeoutMs);
    const overallTimer = setTimeout(() => fail(`no response within ${req.timeoutMs} ms`, true), req.timeoutMs);
    req.signal?.addEventListener('abort', onAbort, { once: true });

    r.on('socket', (socket) => {
      // A pooled keep-alive socket is already connected; a new one reports 'connect'.
      if (!socket.connecting) connected = true;
      else socket.once('connect', () => (connected = true));
    });
    r.on('error', (err) => finish(err));
    r.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('error', (err) => finish(err));
      res.on('aborted', () => finish(new Error('response aborted')));
      res.on('end', () =>
        finish(undefined, {
          status: res.statusCode ?? 0,
          reason: res.statusMessage ?? '',
          body: Buffer.concat(chunks).toString('utf8'),
        }),
      );
    });
    r.end(req.body);
  });
}
