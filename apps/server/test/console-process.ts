import type { DeployResult, Region } from '@nimbus/contract';
import { deployBody } from './deploy-helpers.js';
import { freePort, startServer } from './processes.js';

/**
 * A console started as its own process (`npm start` minus the build) on a free port, and calls to
 * its API over HTTP as the web client makes them.
 */
export async function startConsole(env: Record<string, string>) {
  const port = await freePort();
  const server = await startServer({ ...env, PORT: String(port) });
  const base = `http://127.0.0.1:${port}/api`;
  const api = async <T>(method: string, route: string, ssid: string, body?: unknown) => {
    const r = await fetch(`${base}${route}`, {
      method,
      headers: { ssid, ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: r.status, body: (await r.json()) as { data: T; code?: string } };
  };
  return { server, base, api };
}
export type Console = Awaited<ReturnType<typeof startConsole>>;

/** The demo account the first start printed. */
export function demoAccount(c: Console): { email: string; password: string } {
  const demo = /demo account \(first start\): (\S+) \/ (\S+)/.exec(c.server.output());
  if (!demo) throw new Error(`no demo account in the banner: ${c.server.output()}`);
  return { email: demo[1]!, password: demo[2]! };
}

/** Signs in; answers the session id. */
export async function signIn(c: Console, account: { email: string; password: string }): Promise<string> {
  const login = await c.api<{ session_id: string }>('POST', '/login', '', {
    Email: account.email,
    Password: account.password,
    AgreeTerms: true,
  });
  if (login.status !== 200) throw new Error(`login failed: ${JSON.stringify(login.body)}`);
  return login.body.data.session_id;
}

/** Deploys the first Tokyo product with its first template; answers the request's reply. */
export async function deployInTokyo(c: Console, ssid: string, hostname: string) {
  const regions = (await c.api<Region[]>('GET', '/deploy/products', ssid)).body.data;
  const product = regions.find((r) => r.Name === 'Tokyo')!.Groups[0]!.Products[0]!;
  const templates = await c.api<{ Id: number }[]>('GET', `/product/templates?productId=${product.Id}`, ssid);
  return c.api<DeployResult>(
    'POST',
    '/deploy',
    ssid,
    deployBody(product.Id, templates.body.data[0]!.Id, { Hostnames: [hostname] }),
  );
}

/** A task's final status (2 done, 3 failed), read as the web app polls it. */
export async function taskEnd(c: Console, ssid: string, instanceId: number, taskId: number): Promise<number> {
  for (;;) {
    const r = await c.api<{ Status: number }>('GET', `/instance/task/get?id=${instanceId}&taskId=${taskId}`, ssid);
    if (r.body.data.Status >= 2) return r.body.data.Status;
    await new Promise((res) => setTimeout(res, 50));
  }
}
