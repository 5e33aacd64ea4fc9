// Deploy overhead: the time from POST api/deploy to Status 2, minus the time the emulated Proxmox
// spent in the deploy's own tasks (clone, config, resize, start), for 1 and for N concurrent deploys.
// The real app and workers run in this process on a fresh embedded PostgreSQL; the emulator runs
// its tasks at realistic durations (speed 1). Usage: node --import tsx bench/deploy.ts [N=20] [clones per storage=2]
import { performance } from 'node:perf_hooks';
import type { DeployResult, Region, TaskResult } from '@nimbus/contract';
import { withTx } from '../apps/server/src/infra/db/pool.js';
import { createUser } from '../apps/server/src/domains/users/create.js';
import { post } from '../apps/server/src/domains/users/ledger.js';
import { startBenchApp } from './app.js';

const concurrent = Number(process.argv[2] ?? 20);
// Per-node and per-storage limits on Proxmox tasks: the default policy (4, 2), or as given.
const perStorage = Number(process.argv[3] ?? 2);
const bench = await startBenchApp('deploy', {
  emulator: { speed: 1, limits: { perNode: Math.max(4, perStorage), perStorage } },
  env: { RATE_LIMIT_PER_MINUTE: '100000', WORKER_CONCURRENCY: String(Math.max(8, concurrent)) },
  poolMax: 20,
});
const { db, embedded } = bench;
const base = `${bench.base}/api`;

/** A customer with plenty of credit; concurrent deploys come from different customers, as in production. */
async function customer(i: number): Promise<string> {
  const email = `bench-${i}@example.com`;
  await withTx(db, async (tx) => {
    const u = await createUser(tx, { email, password: 'bench-password-1', currency: 'USD' });
    await post(tx, u.id, 'adjustment', 100_000_000, 'bench credit');
  });
  return (
    await api<{ session_id: string }>('POST', '/login', undefined, {
      Email: email,
      Password: 'bench-password-1',
      AgreeTerms: true,
    })
  ).session_id;
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
const ssids = await Promise.all(Array.from({ length: concurrent }, (_, i) => customer(i)));
const ssid = ssids[0]!;
const regions = await api<Region[]>('GET', '/deploy/products', ssid);
const hk = regions.find((r) => r.Name === 'Hong Kong')!.Groups[0]!.Products[0]!;
const templates = await api<{ Id: number }[]>('GET', `/product/templates?productId=${hk.Id}`, ssid);

let n = 0;
/** One deploy: its wall time, the emulator's task time for its VM, and the difference. */
async function deployOnce(ssid: string): Promise<{ total: number; tasks: number; overhead: number }> {
  const started = performance.now();
  const d = await api<DeployResult>('POST', '/deploy', ssid, {
    ProductId: hk.Id,
    Quantity: 1,
    Cycle: 'Month',
    PromotionCode: '',
    Hostnames: [`bench-${n++}`],
    UserData: { TemplateId: templates[0]!.Id, Username: 'ada', Password: 'bench-vm-password', SSHKeyIds: [] },
    CustomConfig: [],
  });
  for (;;) {
    const t = await api<TaskResult>('GET', `/instance/task/get?id=${d.InstanceId}&taskId=${d.TaskId}`, ssid);
    if (t.Status === 2) break;
    if (t.Status === 5) throw new Error('deploy failed');
    // Polled like a deploy page, at 100 ms: each result is at most that late.
    await new Promise((r) => setTimeout(r, 100));
  }
  const total = performance.now() - started;
  const { rows } = await db.query<{ vmid: number }>('select vmid from instances where id = $1', [d.InstanceId]);
  const emu = embedded.emulators.get('hk')!;
  const tasks = emu
    .taskTimes()
    .filter((t) => t.vmid === rows[0]!.vmid)
    .reduce((sum, t) => sum + t.ms, 0);
  return { total, tasks, overhead: total - tasks };
}

const ms = (v: number) => `${Math.round(v)} ms`;
function report(label: string, runs: { total: number; tasks: number; overhead: number }[]) {
  const sorted = [...runs].sort((a, b) => a.overhead - b.overhead);
  const mean = (f: (r: (typeof runs)[number]) => number) => runs.reduce((s, r) => s + f(r), 0) / runs.length;
  console.log(
    `| ${label} | ${runs.length} | ${ms(mean((r) => r.total))} | ${ms(mean((r) => r.tasks))} | ${ms(mean((r) => r.overhead))} | ${ms(sorted[Math.floor(sorted.length / 2)]!.overhead)} | ${ms(sorted.at(-1)!.overhead)} |`,
  );
}

console.log(
  '| deploys | runs | wall time (mean) | emulator task time (mean) | overhead (mean) | overhead p50 | overhead max |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
await deployOnce(ssid); // warm-up: JIT, pools, first clone on each node
const singles = [];
for (let i = 0; i < 5; i++) singles.push(await deployOnce(ssid));
report('1 at a time', singles);
report(`${concurrent} at once, ${perStorage} clones per storage`, await Promise.all(ssids.map((s) => deployOnce(s))));

await bench.close();
