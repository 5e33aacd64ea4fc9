import type { GuestAccess } from '../../src/console/index.js';

/** A guest with one known account, as the API side would build from VM state. */
export function testGuest(overrides: Partial<{ running: boolean; user: string; password: string }> = {}): GuestAccess {
  const user = overrides.user ?? 'debian';
  const password = overrides.password ?? 's3cret-pass';
  return {
    hostname: () => 'web-1',
    osPrettyName: () => 'Debian GNU/Linux 12 (bookworm)',
    running: () => overrides.running ?? true,
    checkLogin: (u, p) => u === user && p === password,
  };
}
