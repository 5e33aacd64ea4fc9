import { startEmulator, type Emulator } from '@nimbus/pve-emulator';
import { ProxmoxClient, type ProxmoxClientOptions } from '../src/index.js';

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
