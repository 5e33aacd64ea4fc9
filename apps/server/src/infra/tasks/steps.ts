import { ProxmoxError, TaskFailedError } from '@nimbus/proxmox';

/** Checkpoint fields to merge into a task's state; null removes one. */
export type Patch<S> = { [K in keyof S]?: S[K] | null };

/** Errors worth another try of the same step: Proxmox was busy, unreachable or its task failed. */
function transient(e: unknown): boolean {
  if (e instanceof TaskFailedError) return true;
  if (e instanceof ProxmoxError) return !['validation', 'auth', 'permission', 'pinning', 'tls'].includes(e.kind);
  return false;
}

/**
 * Runs one idempotent step of a task, trying again with back-off (1 s, 2 s) when Proxmox failed
 * in a way that may pass; a refusal (validation, auth) or a stopping worker ends it at once.
 */
export async function attempt<T>(signal: AbortSignal, fn: () => Promise<T>, tries = 3): Promise<T> {
  for (let i = 1; ; i++) {
    signal.throwIfAborted();
    try {
      return await fn();
    } catch (e) {
      if (i >= tries || !transient(e) || signal.aborted) throw e;
      await new Promise((r) => setTimeout(r, 500 * 2 ** i));
    }
  }
}
