import { type DeployResult, POLL, type Region } from '@nimbus/contract';
import { deployBody } from './deploy-body.js';
import { freePort, startServer } from './processes.js';

/**
 * A console started as its own process (`npm start` minus the build) on a free port, from this
 * checkout or `tree`, and calls to its API over HTTP as the web client makes them.
 */
export async function startConsole(env: Record<string, string>, tree?: string) {
  const port = await freePort();
  const server = await startServer({ ...env, PORT: String(port) }, tree);
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
    if (r.status !== 200) throw new Error(`task ${taskId}: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.body.data.Status >= 2) return r.body.data.Status;
    await new Promise((res) => setTimeout(res, POLL.deployTaskMs));
  }
}

/** A deploy that must succeed: answers the instance's id once its task is done. */
export async function deployedInTokyo(c: Console, ssid: string, hostname: string): Promise<number> {
  const d = await deployInTokyo(c, ssid, hostname);
  if (d.status !== 200) throw new Error(`deploy failed: ${JSON.stringify(d.body)}`);
  const status = await taskEnd(c, ssid, d.body.data.InstanceId, d.body.data.TaskId);
  if (status !== 2) throw new Error(`the deploy of ${hostname} ended with status ${status}`);
  return d.body.data.InstanceId;
}

/** Opens a ticket of the first type that the console must take; answers its id. */
export async function openTicket(c: Console, ssid: string, title: string, attachmentIds: number[] = []) {
  const types = await c.api<{ Id: number }[]>('GET', '/ticketTypes', ssid);
  const t = await c.api<{ Id: number }>('POST', '/ticket/add', ssid, {
    Title: title,
    TypeId: types.body.data[0]!.Id,
    Content: `About: ${title}`,
    AttachmentIds: attachmentIds,
  });
  if (t.status !== 200) throw new Error(`ticket/add failed: ${JSON.stringify(t.body)}`);
  return t.body.data.Id;
}
