// `npm run proof`: Nimbus at scale, proved. Starts PostgreSQL, two emulated Proxmox clusters (two
// regions), API and worker replicas as separate processes behind HAProxy, runs a mixed customer load
// through the balancer while SIGKILLing a random replica every few seconds, then checks that nothing
// was lost, doubled or miscounted. Exits 1 when an invariant fails. Options: `npm run proof -- --help`.
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { createPool, withTx } from '../../apps/server/src/infra/db/pool.js';
import { createUser } from '../../apps/server/src/domains/users/create.js';
import { post } from '../../apps/server/src/domains/users/ledger.js';
import { checkInvariants, type Check } from './checks.js';
import { runLoad, Stats, type Customer } from './load.js';
import { Topology, until, type Replica } from './topology.js';

const HELP = `npm run proof -- [options]

  --seconds N        how long the load runs (default 120)
  --customers N      simulated customers (default 20; a quarter start short of any price)
  --kill-every N     seconds between two SIGKILLs of a random replica (default 5; 0: no kills)
  --faults           the emulated clusters misbehave (lock timeouts, 5xx, failing and slow tasks)
  --api N            API replicas behind HAProxy (default 2)
  --workers N        worker replicas (default 2)
  --port-base N      first of the ports used (default 25600 or PROOF_PORT_BASE; uses base…base+9
                     and base+10… for the replicas)
  --think-ms N       a customer's mean pause between two actions (default 300)
  --drain N          seconds allowed for every task to end after the load (default 240)
  --seed N           the customers' choices (default 1)
  --speed X          the emulated tasks' durations times X (default 0.5; 1 is a real cluster's pace)
  --keep             keep the run's folder (logs of every process) under .tmp/proof
  --quick            the short run of npm test: 40 s of load, 10 customers, kills every 4 s, speed 0.2

  DATABASE_URL       an external, empty PostgreSQL database instead of the embedded one
`;

const { values } = parseArgs({
  options: {
    seconds: { type: 'string' },
    customers: { type: 'string' },
    'kill-every': { type: 'string' },
    faults: { type: 'boolean', default: false },
    api: { type: 'string', default: '2' },
    workers: { type: 'string', default: '2' },
    'port-base': { type: 'string', default: process.env.PROOF_PORT_BASE ?? '25600' },
    'think-ms': { type: 'string', default: '300' },
    drain: { type: 'string', default: '240' },
    seed: { type: 'string', default: '1' },
    speed: { type: 'string' },
    keep: { type: 'boolean', default: false },
    quick: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  process.stdout.write(HELP);
  process.exit(0);
}
const int = (name: string, v: string | undefined, fallback: number, min = 0) => {
  const n = v === undefined ? fallback : Number(v);
  if (!Number.isInteger(n) || n < min) {
    process.stderr.write(`--${name} must be a whole number of at least ${min}, got '${v}'\n${HELP}`);
    process.exit(2);
  }
  return n;
};
const quick = values.quick;
const opts = {
  seconds: int('seconds', values.seconds, quick ? 40 : 120, 1),
  customers: int('customers', values.customers, quick ? 10 : 20, 1),
  killEvery: int('kill-every', values['kill-every'], quick ? 4 : 5),
  api: int('api', values.api, 2, 1),
  workers: int('workers', values.workers, 2, 1),
  portBase: int('port-base', values['port-base'], 25600, 1024),
  thinkMs: int('think-ms', values['think-ms'], 300),
  drain: int('drain', values.drain, 240, 10),
  seed: int('seed', values.seed, 1),
  speed: Number(values.speed ?? (quick ? 0.2 : 0.5)),
};
if (!(opts.speed > 0 && opts.speed <= 10)) {
  process.stderr.write(`--speed must be a number above 0 and at most 10, got '${values.speed}'\n${HELP}`);
  process.exit(2);
}

const root = path.resolve(import.meta.dirname, '../..');
const dir = values.keep
  ? path.join(root, '.tmp', 'proof', new Date().toISOString().replace(/[:.]/g, '-'))
  : mkdtempSync(path.join(tmpdir(), 'nimbus-proof-'));
mkdirSync(dir, { recursive: true });
const t0 = Date.now();
const elapsed = () => `${((Date.now() - t0) / 1000).toFixed(1)}s`;
const say = (line: string) => process.stdout.write(`[proof ${elapsed()}] ${line}\n`);

const topology = new Topology({
  dir,
  portBase: opts.portBase,
  apiReplicas: opts.api,
  workerReplicas: opts.workers,
  faults: values.faults,
  databaseUrl: process.env.DATABASE_URL,
  emulatorSpeed: opts.speed,
});
let exitCode = 1;
const onSignal = () => {
  void topology.stop().finally(() => process.exit(130));
};
process.once('SIGINT', onSignal);
process.once('SIGTERM', onSignal);

try {
  say(
    `starting: PostgreSQL, 2 emulated clusters${values.faults ? ' with faults' : ''}, ${opts.api} API + ${opts.workers} worker replicas, HAProxy on ${topology.balancerUrl} (logs in ${dir})`,
  );
  await topology.start();
  say('topology up');

  // The customers exist before the run (as if they had signed up): sign-ins go through the balancer.
  const customers: Customer[] = [];
  const db = createPool(topology.databaseUrl, { max: 2 });
  try {
    const runId = Date.now().toString(36);
    for (let i = 0; i < opts.customers; i++) {
      const c = { email: `proof-${runId}-${i}@example.com`, password: `proof-password-${i}`, poor: i % 4 === 3 };
      await withTx(db, async (tx) => {
        const u = await createUser(tx, { email: c.email, password: c.password, currency: 'USD' });
        await post(tx, u.id, 'adjustment', c.poor ? 100 : 50_000, 'proof credit');
      });
      customers.push(c);
    }
  } finally {
    await db.end();
  }

  const stats = new Stats();
  const loadUntil = Date.now() + opts.seconds * 1000;
  say(
    `load for ${opts.seconds}s from ${opts.customers} customers, a replica SIGKILLed every ${opts.killEvery || '∞'}s`,
  );
  const chaos = opts.killEvery ? killLoop(topology, loadUntil, opts.killEvery, opts.seed) : Promise.resolve([]);
  await runLoad({
    base: topology.balancerUrl,
    customers,
    until: loadUntil,
    sandboxSecret: topology.sandboxSecret,
    stats,
    thinkMs: opts.thinkMs,
    seed: opts.seed,
  });
  const kills = await chaos;
  say(`load over: ${stats.requests} requests, ${kills.length} kills; restarting any replica still down`);
  for (const r of topology.replicas) if (!r.child) await topology.startReplica(r);

  const check = new pg.Client({ connectionString: topology.databaseUrl });
  await check.connect();
  let checks: Check[];
  let drained = 0;
  try {
    const drainStart = Date.now();
    await until(
      'every task to end',
      async () => (await check.query('select 1 from tasks where status < 2 limit 1')).rowCount === 0,
      opts.drain * 1000,
    ).catch(() => undefined);
    drained = (Date.now() - drainStart) / 1000;
    say(`tasks drained in ${drained.toFixed(1)}s; checking`);
    checks = await checkInvariants(check, topology.clusters);
    const internal = stats.appErrors.filter((e) => e.startsWith('500 '));
    checks.push({
      name: 'no request answered 500 by the application',
      ok: internal.length === 0,
      detail: internal.length ? `${internal.length}: ${[...new Set(internal)].slice(0, 8).join('; ')}` : '',
    });
  } finally {
    await check.end();
  }

  report(stats, kills, checks, drained);
  exitCode = checks.every((c) => c.ok) ? 0 : 1;
} catch (e) {
  process.stderr.write(`proof: ${(e as Error).stack ?? String(e)}\n`);
  exitCode = 1;
} finally {
  await topology.stop().catch(() => undefined);
  if (!values.keep && exitCode === 0) rmSync(dir, { recursive: true, force: true });
  else say(`the logs of every process are in ${dir}`);
}
say(exitCode === 0 ? 'all invariants hold' : 'FAILED');
process.exit(exitCode);

/** Every `every` seconds until the deadline: SIGKILL a random replica that is up, then start it again. */
async function killLoop(t: Topology, end: number, every: number, seed: number): Promise<string[]> {
  let x = seed * 7919 + 17;
  const next = () => {
    x = (x * 1103515245 + 12345) % 2147483648;
    return x / 2147483648;
  };
  const kills: string[] = [];
  const restarts: Promise<void>[] = [];
  while (Date.now() + every * 1000 < end) {
    await sleep(every * 1000);
    const ready = t.replicas.filter((r) => r.ready);
    // Any replica up, but the last API replica: the balancer keeps one to send customers to (with
    // every worker down, tasks wait for the next one to start).
    const candidates = ready.filter((r) => r.role === 'worker' || ready.filter((o) => o.role === 'api').length > 1);
    const victim: Replica | undefined = candidates[Math.floor(next() * candidates.length)];
    if (!victim) continue;
    await t.kill(victim);
    kills.push(victim.name);
    say(`SIGKILL ${victim.name}`);
    restarts.push(
      t.startReplica(victim).catch((e: unknown) => {
        say(`restarting ${victim.name} failed: ${(e as Error).message}`);
      }),
    );
  }
  await Promise.all(restarts);
  return kills;
}

function report(stats: Stats, kills: string[], checks: Check[], drained: number): void {
  const pct = (sorted: number[], p: number) =>
    sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;
  const lines = [
    '',
    `requests answered: ${stats.requests} (kills: ${kills.length}, tasks drained in ${drained.toFixed(1)}s)`,
  ];
  lines.push('', '| route | requests | p50 | p99 |', '| --- | --- | --- | --- |');
  for (const [route, ms] of [...stats.routes].sort((a, b) => b[1].length - a[1].length)) {
    const sorted = [...ms].sort((a, b) => a - b);
    lines.push(`| ${route} | ${ms.length} | ${pct(sorted, 50).toFixed(0)} ms | ${pct(sorted, 99).toFixed(0)} ms |`);
  }
  lines.push('', 'answers by code:');
  for (const [outcome, n] of [...stats.outcomes].sort((a, b) => b[1] - a[1])) lines.push(`  ${outcome}: ${n}`);
  lines.push('', 'answers other than 2xx/3xx by route:');
  for (const [key, n] of [...stats.failures].sort((a, b) => b[1] - a[1])) lines.push(`  ${key}: ${n}`);
  lines.push(
    '',
    `top-ups: ${stats.topups.approved} approved, ${stats.topups.declined} declined, ${stats.topups.replays} webhook replays`,
    `consoles: ${stats.consoles.opened} opened over WebSocket, ${stats.consoles.refused} refused, ${stats.consoles.failed} failed`,
    '',
    'invariants:',
  );
  for (const c of checks) lines.push(`  ${c.ok ? '✓' : '✗'} ${c.name}${c.detail ? ` — ${c.detail}` : ''}`);
  process.stdout.write(`${lines.join('\n')}\n\n`);
}
