import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { ChildProcess } from 'node:child_process';
import type { DeployResult, Region, TaskResult } from '@nimbus/contract';
import { ProxmoxClient } from '@nimbus/proxmox';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { admin, freePort, startServer, stop } from '../../../test/processes.js';
import { joinRunning } from '../../infra/db/embedded.js';
import { DEFAULT_CATALOG } from '../catalog/index.js';
import { startEmbeddedCompute, type EmbeddedCompute } from '../../infra/compute/embedded.js';

let compute: EmbeddedCompute;
let dataDir: string;
let env: Record<string, string>;
let server: { child: ChildProcess; output: () => string } | undefined;
let base = '';
const email = 'resume@example.com';
const password = 'resume-password-1';

async function start() {
  const port = await freePort();
  server = await startServer({ ...env, PORT: String(port) });
  base = `http://127.0.0.1:${port}/api`;
}

async function api<T>(method: string, url: string, ssid?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(ssid ? { ssid } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`${method} ${url}: ${res.status} ${json.code}`);
  return json.data;
}

async function signIn(): Promise<string> {
  return (
    await api<{ session_id: string }>('POST', '/login', undefined, {
      Email: email,
      Password: password,
      AgreeTerms: true,
    })
  ).session_id;
}

/** Waits until the task of a deploy satisfies `done`, polling like the deploy page. */
async function until(ssid: string, d: DeployResult, done: (t: TaskResult) => boolean, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const t = await api<TaskResult>('GET', `/instance/task/get?id=${d.InstanceId}&taskId=${d.TaskId}`, ssid);
    if (done(t)) return t;
    if (Date.now() > deadline) throw new Error(`task still at ${JSON.stringify(t)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

async function deployOne(ssid: string, hostname: string): Promise<DeployResult> {
  const regions = await api<Region[]>('GET', '/deploy/products', ssid);
  const product = regions.find((r) => r.Name === 'Hong Kong')!.Groups[0]!.Products[0]!;
  const templates = await api<{ Id: number }[]>('GET', `/product/templates?productId=${product.Id}`, ssid);
  return api<DeployResult>('POST', '/deploy', ssid, {
    ProductId: product.Id,
    Quantity: 1,
    Cycle: 'Month',
    PromotionCode: '',
    Hostnames: [hostname],
    UserData: { TemplateId: templates[0]!.Id, Username: 'ada', Password: 'pw-resume-1', SSHKeyIds: [] },
    CustomConfig: [],
  });
}

/** What Proxmox itself says: clone tasks run and the VMs that are not templates. */
async function proxmoxView() {
  const cluster = compute.config.regions.find((r) => r.id === 'hk')!.clusters[0]!;
  const client = new ProxmoxClient({
    baseUrl: cluster.apiUrl,
    token: { tokenId: cluster.tokenId, secret: cluster.tokenSecret },
  });
  try {
    const clones = (
      await Promise.all(cluster.nodes.map((n) => client.tasks.list(n, { typefilter: 'qmclone', limit: 500 })))
    ).flat();
    const vms = (await client.cluster.resources('vm')).filter((v) => !v.template);
    return { clones: clones.length, vms };
  } finally {
    client.close();
  }
}

async function ledger(): Promise<{ kind: string; amount: number }[]> {
  const db = new pg.Client({ connectionString: joinRunning(dataDir)! });
  await db.connect();
  try {
    const { rows } = await db.query(
      `select kind, amount::int from ledger join users u on u.id = ledger.user_id where u.email = $1 order by ledger.id`,
      [email],
    );
    return rows;
  } finally {
    await db.end();
  }
}

beforeAll(async () => {
  compute = await startEmbeddedCompute(1);
  dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-resume-'));
  env = {
    DATA_DIR: dataDir,
    COMPUTE_CONFIG: JSON.stringify(compute.config),
    WEB_DIST: '/nonexistent',
    DEMO_ACCOUNT: 'false',
  };
  const imported = await admin(['catalog:import', DEFAULT_CATALOG], env);
  expect(imported.stdout).toContain('imported 5 regions');
  await admin(['user:create', '--email', email, '--password', password, '--balance', '100'], env);
});

afterAll(async () => {
  if (server) await stop(server.child);
  await compute.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server killed in the middle of a deploy', () => {
  it('resumes after a SIGKILL during cloning without cloning twice or charging again', async () => {
    await start();
    const ssid = await signIn();
    const d = await deployOne(ssid, 'killed-cloning');
    const hk = compute.emulators.get('hk')!;
    await until(ssid, d, (t) => t.Step === 1 && hk.vm(10_000)?.lock === 'clone');
    server!.child.kill('SIGKILL');
    await new Promise((r) => server!.child.once('close', r));
    server = undefined;

    await start();
    expect(await until(await signIn(), d, (t) => t.Status >= 2)).toEqual({ Status: 2, Step: 4 });
    const view = await proxmoxView();
    expect(view.clones).toBe(1);
    expect(view.vms.map((v) => [v.vmid, v.status])).toEqual([[10_000, 'running']]);
    expect(await ledger()).toEqual([
      { kind: 'adjustment', amount: 10_000 },
      { kind: 'charge', amount: -500 },
    ]);
    await stop(server!.child);
    server = undefined;
  });

  it('resumes after a SIGKILL during configuring, applying the configuration once more', async () => {
    await start();
    const ssid = await signIn();
    const d = await deployOne(ssid, 'killed-configuring');
    await until(ssid, d, (t) => t.Step === 2);
    server!.child.kill('SIGKILL');
    await new Promise((r) => server!.child.once('close', r));
    server = undefined;

    await start();
    expect(await until(await signIn(), d, (t) => t.Status >= 2)).toEqual({ Status: 2, Step: 4 });
    const view = await proxmoxView();
    expect(view.clones).toBe(2);
    expect(view.vms).toHaveLength(2);
    const vm = compute.emulators.get('hk')!.vm(10_001)!;
    expect(vm.status).toBe('running');
    expect(vm.config).toMatchObject({ name: 'killed-configuring', cores: '1', memory: '1024', ciuser: 'ada' });
    expect((await ledger()).filter((e) => e.kind === 'charge')).toHaveLength(2);
  });
});
