import { startEmulator, type Emulator } from '@nimbus/pve-emulator';
import { ProxmoxClient, ProxmoxError, type ProxmoxClientOptions } from '../src/index.js';

/** The emulator's API token for the tests. */
export const TOKEN = 'nimbus@pve!test=secret-uuid';
/** The emulator's console user. */
export const CONSOLE_USER = { username: 'nimbus@pve', password: 'console-pass' };

/** Starts a fast emulator (speed 0.02) with the test token and console user. */
export function startTestEmulator(): Promise<Emulator> {
  return startEmulator({ speed: 0.02, tokens: [TOKEN], users: [CONSOLE_USER] });
}

/** A client tuned for tests: short polls and backoff. */
export function testClient(emu: Emulator, extra: Partial<ProxmoxClientOptions> = {}): ProxmoxClient {
  return new ProxmoxClient({
    baseUrl: emu.url,
    token: TOKEN,
    cluster: 'pve',
    timeoutMs: 5_000,
    retry: { maxAttempts: 5, baseMs: 10, maxMs: 100 },
    wait: { intervalMs: 20, timeoutMs: 20_000 },
    ...extra,
  });
}

/** True when the emulator does not implement this endpoint yet (it answers 501). */
export function notImplemented(e: unknown): boolean {
  return e instanceof ProxmoxError && e.status === 501 && /not implemented/.test(e.reason);
}

/** Runs a step; skips the test when the emulator lacks the endpoint, so the suite grows with it. */
export async function orSkip<T>(skip: (note?: string) => void, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (e) {
    if (notImplemented(e)) skip(`emulator: ${(e as ProxmoxError).path} not implemented yet`);
    throw e;
  }
}
