import { QUERY } from '@nimbus/contract';
import { isApiError } from './api-error';

/**
 * Answers a read is not retried for, because the client defines what happens on them and a retry
 * would only repeat it: 401 and 403 end the session (toast, reload), 404 leads to the not-found
 * warning and its redirect, 429 is told once ("Too many requests") and asking again would prolong
 * it. Every other failure — 5xx, network errors, and other 4xx such as 400/409 — is retried
 * (docs/product/README.md#web-client-behaviour).
 */
const NOT_RETRIED: ReadonlySet<number> = new Set([401, 403, 404, 429]);

/** Whether a failed read is tried again: 3 more times, 333 ms apart, unless §8 handles its answer. */
export const retryRead = (failureCount: number, error: unknown): boolean =>
  failureCount < QUERY.readRetries && !(isApiError(error) && NOT_RETRIED.has(error.status));
