import type http from 'node:http';
import { backoffDelay, sleep, DEFAULT_RETRY, type RetryOptions } from './backoff.js';
import { encodeForm, encodeQuery, type Params } from './encoding.js';
import { classifyStatus, OutcomeUnknownError, ProxmoxError } from './errors.js';
import { obj, stringRecord } from './decode.js';
import type { AuthProvider } from './auth.js';
import type { Logger } from './logger.js';
import { send, TransportError, type RawResponse } from './transport.js';
import { PinningError } from './tls-pinning.js';

/** HTTP methods the Proxmox API uses. */
export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * How a request may be retried.
 * - `idempotent`: re-sending cannot do harm (GET, PUT config, …): retry network errors, timeouts,
 *   502/503/504/595/596 and lock errors.
 * - `refusal-only`: task-creating or otherwise non-idempotent calls: retry only answers in which
 *   Proxmox refused the call (lock errors) and connections that never opened; an ambiguous
 *   failure becomes an OutcomeUnknownError.
 */
export type RetryMode = 'idempotent' | 'refusal-only';

/** One API call. */
export interface CallSpec {
  method: Method;
  /** Path under /api2/json, already percent-encoded (use apiPath``). */
  path: string;
  params?: Params;
  retry?: RetryMode;
  timeoutMs?: number;
  signal?: AbortSignal;
}

/** Settings of the HTTP layer. */
export interface HttpClientOptions {
  baseUrl: string;
  auth: AuthProvider;
  agent: http.Agent;
  /**
   * Agent for non-idempotent calls, without keep-alive: a pooled socket the server is closing
   * at that moment fails like a dropped request, which would make a clone's outcome look unknown.
   */
  freshAgent?: http.Agent;
  logger: Logger;
  timeoutMs: number;
  connectTimeoutMs: number;
  retry: RetryOptions;
  random?: () => number;
  /** Told of every call once it ended (retries included), for metrics. */
  onCall?: CallObserver;
}

/** What a finished call reports: `outcome` is `ok`, the error's kind (ProxmoxError), `aborted` or `other`. */
export type CallObserver = (call: { method: Method; outcome: string; seconds: number }) => void;

const TRANSIENT = new Set([502, 503, 504, 595, 596]);

/** Sends Proxmox API calls: encoding, auth headers, error mapping and the retry policy. */
export class HttpClient {
  constructor(private readonly opts: HttpClientOptions) {}

  /** Performs a call and returns the `data` member of the answer. */
  async call(spec: CallSpec): Promise<unknown> {
    const observe = this.opts.onCall;
    if (!observe) return this.attempts(spec);
    const started = performance.now();
    let outcome = 'ok';
    try {
      return await this.attempts(spec);
    } catch (err) {
      outcome = err instanceof ProxmoxError ? err.kind : spec.signal?.aborted ? 'aborted' : 'other';
      throw err;
    } finally {
      observe({ method: spec.method, outcome, seconds: (performance.now() - started) / 1000 });
    }
  }

  private async attempts(spec: CallSpec): Promise<unknown> {
    const mode = spec.retry ?? (spec.method === 'GET' ? 'idempotent' : 'refusal-only');
    const retry = this.opts.retry ?? DEFAULT_RETRY;
    for (let attempt = 0; ; attempt++) {
      try {
        return await this.once(spec, mode);
      } catch (err) {
        if (!(err instanceof ProxmoxError) || !isRetryable(err, mode) || attempt + 1 >= retry.maxAttempts) throw err;
        const delay = backoffDelay(attempt, retry, this.opts.random);
        this.opts.logger.warn('proxmox call retried', {
          method: spec.method,
          path: spec.path,
          kind: err.kind,
          attempt: attempt + 1,
          delayMs: delay,
        });
        await sleep(delay, spec.signal);
      }
    }
  }

  private async once(spec: CallSpec, mode: RetryMode): Promise<unknown> {
    const { method, path } = spec;
    const hasBody = method === 'POST' || method === 'PUT';
    const headers: Record<string, string> = { accept: 'application/json', ...this.opts.auth.headers(method) };
    // Always send a form body on writes, even an empty one: an empty JSON body breaks some handlers.
    const body = hasBody ? encodeForm(spec.params) : undefined;
    if (hasBody) headers['content-type'] = 'application/x-www-form-urlencoded';
    const fullPath = `/api2/json${path}${hasBody ? '' : encodeQuery(spec.params)}`;
    const started = Date.now();
    let res: RawResponse;
    try {
      const agent = mode === 'refusal-only' ? (this.opts.freshAgent ?? this.opts.agent) : this.opts.agent;
      res = await send(this.opts.baseUrl, agent, {
        method,
        path: fullPath,
        headers,
        body,
        timeoutMs: spec.timeoutMs ?? this.opts.timeoutMs,
        connectTimeoutMs: this.opts.connectTimeoutMs,
        signal: spec.signal,
      });
    } catch (e) {
      if (!(e instanceof TransportError)) throw e;
      throw transportToError(e, method, path, mode);
    }
    this.opts.logger.debug('proxmox call', { method, path, status: res.status, ms: Date.now() - started });
    return decodeResponse(res, method, path);
  }
}

function transportToError(e: TransportError, method: string, path: string, mode: RetryMode): ProxmoxError {
  if (e.cause instanceof PinningError)
    return new ProxmoxError({ kind: 'pinning', method, path, reason: e.cause.message, cause: e.cause });
  // Certificate problems do not heal by retrying.
  if (/CERT|ERR_TLS|SELF_SIGNED/.test(e.code ?? ''))
    return new ProxmoxError({ kind: 'tls', method, path, reason: e.message, cause: e });
  const kind = e.timedOut ? 'timeout' : 'network';
  if (mode === 'refusal-only' && e.sent) return new OutcomeUnknownError({ method, path, reason: e.message, cause: e });
  // Not sent: the connection never opened, so Proxmox cannot have acted on it.
  return new ProxmoxError({ kind, method, path, reason: e.message, cause: e, notSent: !e.sent });
}

function isRetryable(err: ProxmoxError, mode: RetryMode): boolean {
  if (err.isLock) return true;
  if (err.kind === 'network' || err.kind === 'timeout') return mode === 'idempotent' || err.notSent;
  if (err.kind === 'server' && err.status !== undefined) return mode === 'idempotent' && TRANSIENT.has(err.status);
  return false;
}

function decodeResponse(res: RawResponse, method: string, path: string): unknown {
  let parsed: unknown;
  try {
    parsed = res.body === '' ? {} : JSON.parse(res.body);
  } catch {
    parsed = undefined;
  }
  const body = obj(parsed);
  if (res.status >= 200 && res.status < 300) {
    if (parsed === undefined)
      throw new ProxmoxError({ kind: 'http', method, path, status: res.status, reason: 'invalid JSON in response' });
    return body.data ?? null;
  }
  // Newer pve-http-server puts the reason in `message` too; fall back to the status line.
  const message = typeof body.message === 'string' ? body.message : res.reason;
  const reason = message.trim() || `HTTP ${res.status}`;
  const errors = body.errors === undefined ? undefined : stringRecord(body.errors);
  throw new ProxmoxError({
    kind: classifyStatus(res.status, reason),
    method,
    path,
    status: res.status,
    reason,
    errors,
  });
}
