/** Retry tuning shared by every request. */
export interface RetryOptions {
  /** Total attempts including the first (1 disables retries). */
  maxAttempts: number;
  /** Delay before the first retry, before jitter. */
  baseMs: number;
  /** Upper bound of a single delay. */
  maxMs: number;
}

/** Defaults for Proxmox's locks: lock waits take seconds, so back off up to half a minute. */
export const DEFAULT_RETRY: RetryOptions = { maxAttempts: 6, baseMs: 500, maxMs: 30_000 };

/**
 * Delay before retry number `attempt` (0-based): exponential, capped, with "equal jitter" (half fixed,
 * half random) so parallel clients spread out but never retry immediately.
 */
export function backoffDelay(attempt: number, opts: RetryOptions, random: () => number = Math.random): number {
  const exp = Math.min(opts.maxMs, opts.baseMs * 2 ** Math.max(0, attempt));
  const half = exp / 2;
  return Math.round(half + random() * half);
}

/** Sleeps, rejecting early with the signal's reason when aborted. */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortReason(signal));
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(abortReason(signal));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** The error to throw for an aborted signal. */
export function abortReason(signal: AbortSignal | undefined): Error {
  const reason: unknown = signal?.reason;
  return reason instanceof Error ? reason : new DOMException('The operation was aborted', 'AbortError');
}
