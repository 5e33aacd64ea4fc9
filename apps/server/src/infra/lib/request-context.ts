import { AsyncLocalStorage } from 'node:async_hooks';

/** What the code running for a request, or for a job a request started, knows of it. */
interface Origin {
  requestId: string;
  /** A job's run: its log lines carry the request id (a request's own lines have Fastify's reqId). */
  job: boolean;
}

const storage = new AsyncLocalStorage<Origin>();

/** The id of the request being served, or of the request that started the job being run. */
export const currentRequestId = (): string | undefined => storage.getStore()?.requestId;

/** Runs `fn` as code serving the request `requestId`: the jobs it sends carry that id. */
export const withRequest = <T>(requestId: string, fn: () => T): T => storage.run({ requestId, job: false }, fn);

/**
 * Runs a job's handler with the id of the request that started it bound to its log lines; a job no
 * request started runs outside any request, even when the queue's loop was woken by one.
 */
export const withJobOrigin = <T>(requestId: string | null | undefined, fn: () => T): T =>
  requestId ? storage.run({ requestId, job: true }, fn) : storage.exit(fn);

/** The logger's mixin: a job's lines name the request that started the job. */
export const logOrigin = (): { reqId?: string } => {
  const o = storage.getStore();
  return o?.job ? { reqId: o.requestId } : {};
};

/**
 * An incoming X-Request-Id worth keeping (a proxy's id): a short token of safe characters only, so
 * it cannot forge log lines or carry anything but an id.
 */
export const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;
