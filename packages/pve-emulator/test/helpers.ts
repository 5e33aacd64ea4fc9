import { startEmulator } from '../src/index.js';
import type { Emulator, EmulatorOptions } from '../src/index.js';

export const TOKEN = 'nimbus@pve!ci=0b5c3a52-2f2a-4c3e-9d3b-0d1f2e3a4b5c';
export const USER = { username: 'console@pve', password: 'console-pass' };

/** Starts a fast emulator with the test token and console user. */
export function start(opts: EmulatorOptions = {}): Promise<Emulator> {
  return startEmulator({ speed: 0.01, tokens: [TOKEN], users: [USER], ...opts });
}

export interface Reply {
  status: number;
  statusText: string;
  body: { data: unknown; errors?: Record<string, string>; message?: string };
}

/** One API call with plain fetch: query string for GET/DELETE, form body for POST/PUT. */
export async function api(
  em: Emulator,
  method: string,
  path: string,
  params: Record<string, string | number> = {},
  headers: Record<string, string> = { Authorization: `PVEAPIToken=${TOKEN}` },
): Promise<Reply> {
  const form = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
  const inQuery = method === 'GET' || method === 'DELETE';
  const url = `${em.url}/api2/json${path}${inQuery && form ? `?${form}` : ''}`;
  const res = await fetch(url, {
    method,
    headers: inQuery ? headers : { ...headers, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: inQuery ? undefined : form,
  });
  return { status: res.status, statusText: res.statusText, body: (await res.json()) as Reply['body'] };
}

/** Polls a task on the node named in its UPID until it stops; returns its final status. */
export async function waitTask(em: Emulator, upid: unknown, timeoutMs = 10_000): Promise<Record<string, unknown>> {
  const node = String(upid).split(':')[1] ?? '';
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await api(em, 'GET', `/nodes/${node}/tasks/${encodeURIComponent(String(upid))}/status`);
    const data = r.body.data as Record<string, unknown>;
    if (data.status === 'stopped') return data;
    if (Date.now() > deadline) throw new Error(`task ${String(upid)} still running`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Clones the Debian template to `newid` and waits for the task. */
export async function cloneVm(em: Emulator, newid: number, extra: Record<string, string> = {}): Promise<void> {
  const r = await api(em, 'POST', '/nodes/pve1/qemu/9000/clone', { newid, name: `vm${newid}`, full: 1, ...extra });
  if (r.status !== 200) throw new Error(`clone failed: ${r.statusText}`);
  const t = await waitTask(em, r.body.data);
  if (t.exitstatus !== 'OK') throw new Error(`clone task failed: ${String(t.exitstatus)}`);
}
