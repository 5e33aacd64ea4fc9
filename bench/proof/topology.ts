// The scaled topology of `npm run proof`: PostgreSQL, two standalone emulated Proxmox clusters (two
// regions), API and worker replicas as separate processes, and HAProxy in front of the API replicas.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { TEMPLATE_VMIDS } from '@nimbus/pve-emulator';
import { startEmbedded, type EmbeddedDb } from '../../apps/server/src/infra/db/embedded.js';
import { createLogger } from '../../apps/server/src/infra/lib/logger.js';
import type { ComputeConfig } from '../../apps/server/src/infra/compute/config.js';
import { bundle } from '../../scripts/bundle.mjs';

const root = path.resolve(import.meta.dirname, '../..');
const TSX = ['--import', 'tsx'];

export interface TopologyOptions {
  dir: string;
  portBase: number;
  apiReplicas: number;
  workerReplicas: number;
  faults: boolean;
  /** An external PostgreSQL; without it the embedded one runs standalone in `dir`. */
  databaseUrl?: string;
  emulatorSpeed: number;
}

export interface Replica {
  name: string;
  role: 'api' | 'worker';
  port: number;
  child: ChildProcess | null;
  /** Up and answering (an API replica) or joined (a worker) since its last start. */
  ready: boolean;
  starts: number;
  kills: number;
}

export interface ClusterRef {
  region: string;
  name: string;
  url: string;
  tokenId: string;
  tokenSecret: string;
}

/** Where every process of the topology listens, from the port base up. */
export const portsOf = (base: number) => ({
  balancer: base,
  emulators: [base + 1, base + 2],
  postgres: base + 3,
  replicas: (i: number) => base + 10 + i,
});

/** A process whose output goes to a log file in the run's folder. */
function launch(dir: string, name: string, cmd: string, args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  const log = createWriteStream(path.join(dir, `${name}.log`), { flags: 'a' });
  const child = spawn(cmd, args, { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log, { end: false });
  child.stderr!.pipe(log, { end: false });
  return child;
}

/** Waits until `probe` answers true, or fails with `what` after `ms`. */
export async function until(what: string, probe: () => Promise<boolean>, ms = 60_000): Promise<void> {
  const end = Date.now() + ms;
  for (;;) {
    if (await probe().catch(() => false)) return;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(200);
  }
}

const answers = async (url: string, init?: RequestInit) => (await fetch(url, init)).ok;

export class Topology {
  readonly ports: ReturnType<typeof portsOf>;
  readonly replicas: Replica[] = [];
  readonly clusters: ClusterRef[] = [];
  readonly sandboxSecret = randomBytes(24).toString('hex');
  databaseUrl = '';
  compute!: ComputeConfig;
  private pgEmbedded: EmbeddedDb | null = null;
  private emulators: ChildProcess[] = [];
  private balancer: ChildProcess | null = null;
  private stopped = false;

  constructor(readonly opts: TopologyOptions) {
    this.ports = portsOf(opts.portBase);
    mkdirSync(path.join(opts.dir, 'shared'), { recursive: true });
  }

  get balancerUrl(): string {
    return `http://127.0.0.1:${this.ports.balancer}`;
  }

  async start(): Promise<void> {
    // The replicas start as `npm run serve` does, from the console's bundle: built here once, not
    // by each replica at the same time.
    await Promise.all([this.startDatabase(), this.startEmulators(), bundle('server')]);
    for (let i = 0; i < this.opts.apiReplicas + this.opts.workerReplicas; i++) {
      const role = i < this.opts.apiReplicas ? 'api' : 'worker';
      this.replicas.push({
        name: `${role}-${role === 'api' ? i + 1 : i - this.opts.apiReplicas + 1}`,
        role,
        port: this.ports.replicas(i),
        child: null,
        ready: false,
        starts: 0,
        kills: 0,
      });
    }
    // Together: migrations and the job queue's setup take turns on locks of their own.
    await Promise.all(this.replicas.map((r) => this.startReplica(r)));
    await this.startBalancer();
  }

  private async startDatabase(): Promise<void> {
    if (this.opts.databaseUrl) {
      this.databaseUrl = this.opts.databaseUrl;
      return;
    }
    this.pgEmbedded = await startEmbedded(path.join(this.opts.dir, 'pg'), createLogger('warn'), {
      port: this.ports.postgres,
    });
    this.databaseUrl = this.pgEmbedded.url;
  }

  /** One standalone emulator process per region, each a cluster of two nodes. */
  private async startEmulators(): Promise<void> {
    const regions = [
      { id: 'hk', name: 'Hong Kong', net: '203.0.113' },
      { id: 'jp', name: 'Tokyo', net: '198.51.100' },
    ];
    const described = [];
    for (const [i, r] of regions.entries()) {
      const port = this.ports.emulators[i]!;
      const secret = randomBytes(16).toString('hex');
      const consolePassword = randomBytes(16).toString('hex');
      const cluster = `${r.id}-1`;
      const nodes = [`${r.id}-pve1`, `${r.id}-pve2`];
      const child = launch(
        this.opts.dir,
        `emulator-${r.id}`,
        process.execPath,
        [
          ...TSX,
          'packages/pve-emulator/src/cli.ts',
          '--port',
          String(port),
          '--token',
          `nimbus@pve!proof=${secret}`,
          '--user',
          'nimbus-console@pve',
          '--password',
          consolePassword,
          '--cluster',
          cluster,
          '--nodes',
          nodes.join(','),
          '--speed',
          String(this.opts.emulatorSpeed),
          '--seed',
          String(i + 1),
          '--faults',
          this.opts.faults ? 'chaos' : 'none',
        ],
        process.env,
      );
      this.emulators.push(child);
      const url = `http://127.0.0.1:${port}`;
      const auth = { Authorization: `PVEAPIToken=nimbus@pve!proof=${secret}` };
      await until(`the ${r.id} emulator`, () => answers(`${url}/api2/json/version`, { headers: auth }));
      this.clusters.push({ region: r.id, name: cluster, url, tokenId: 'nimbus@pve!proof', tokenSecret: secret });
      described.push({
        id: r.id,
        name: r.name,
        clusters: [
          {
            name: cluster,
            apiUrl: url,
            tokenId: 'nimbus@pve!proof',
            tokenSecret: secret,
            consoleUser: 'nimbus-console@pve',
            consolePassword,
            nodes,
            storage: 'ceph-vm',
            backupStorage: 'backup',
            bridge: 'vmbr0',
            templates: { ...TEMPLATE_VMIDS },
            ipPools: [
              {
                cidr: `${r.net}.0/24`,
                gateway: `${r.net}.1`,
                range: [`${r.net}.10`, `${r.net}.250`] as [string, string],
                nameservers: ['1.1.1.1'],
              },
            ],
            vmidRange: [10_000, 999_999] as [number, number],
            limits: { perNode: 4, perStorage: 2 },
          },
        ],
      });
    }
    this.compute = { regions: described };
  }

  private replicaEnv(r: Replica): NodeJS.ProcessEnv {
    return {
      ...process.env,
      PORT: String(r.port),
      HOST: '127.0.0.1',
      DATABASE_URL: this.databaseUrl,
      DATA_DIR: path.join(this.opts.dir, 'shared'),
      COMPUTE_CONFIG: JSON.stringify(this.compute),
      // Imported by the first replica on an empty database.
      CATALOG_FILE: path.join(import.meta.dirname, 'catalog.yaml'),
      PUBLIC_URL: this.balancerUrl,
      TRUST_PROXY: 'loopback',
      LOG_LEVEL: 'warn',
      WEB_DIST: path.join(this.opts.dir, 'no-web'),
      DEMO_ACCOUNT: 'false',
      PAYMENT_GATEWAYS: 'sandbox',
      PAYMENT_SANDBOX_SECRET: this.sandboxSecret,
      // Every simulated customer comes from 127.0.0.1 through the balancer.
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_SCALE: '1000',
      TOPUP_RATE_LIMIT_PER_HOUR: '100000',
      CONSOLE_MAX_PER_CUSTOMER: '50',
      WORKER_CONCURRENCY: '6',
      TASK_RETRY_SECONDS: '1',
      RECONCILE_EVERY_SECONDS: '30',
    };
  }

  async startReplica(r: Replica): Promise<void> {
    r.ready = false;
    r.child = launch(
      this.opts.dir,
      r.name,
      process.execPath,
      ['scripts/serve.mjs', '--role', r.role],
      this.replicaEnv(r),
    );
    r.starts++;
    const child = r.child;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    if (r.role === 'api') {
      await Promise.race([
        until(`${r.name} to answer`, () => answers(`http://127.0.0.1:${r.port}/api/health`), 120_000),
        exited.then(() => {
          throw new Error(`${r.name} exited while starting (see ${r.name}.log)`);
        }),
      ]);
    } else {
      // A worker has no HTTP server: it is up when it has joined the replicas.
      const db = new pg.Client({ connectionString: this.databaseUrl });
      await db.connect();
      try {
        await Promise.race([
          until(
            `${r.name} to join`,
            async () =>
              (await db.query('select 1 from replicas where pid = $1', [child.pid])).rowCount === 1 &&
              child.exitCode === null,
            120_000,
          ),
          exited.then(() => {
            throw new Error(`${r.name} exited while starting (see ${r.name}.log)`);
          }),
        ]);
      } finally {
        await db.end();
      }
    }
    r.ready = true;
  }

  /** SIGKILLs a replica: no graceful stop, its jobs and connections die with it. */
  async kill(r: Replica): Promise<void> {
    const child = r.child;
    if (!child || child.exitCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    r.ready = false;
    child.kill('SIGKILL');
    r.kills++;
    await exited;
    r.child = null;
  }

  private async startBalancer(): Promise<void> {
    const ensure = spawnSync('bash', ['scripts/ensure-haproxy.sh'], { cwd: root, stdio: 'inherit' });
    if (ensure.status !== 0) throw new Error('could not install haproxy (scripts/ensure-haproxy.sh)');
    const servers = this.replicas
      .filter((r) => r.role === 'api')
      .map((r) => `  server ${r.name} 127.0.0.1:${r.port} check inter 1s fall 3 rise 1`)
      .join('\n');
    const cfg = `# Written by npm run proof.
global
  maxconn 4096

defaults
  mode http
  option forwardfor
  # Only a connection that failed is tried again (elsewhere): a request a replica may have begun is not replayed.
  retries 3
  option redispatch
  timeout connect 1s
  # A killed replica refuses connections at once (it is marked down then); a live one that is slow
  # to answer its check because the machine is busy (a replica starting) is not.
  timeout check 5s
  timeout client 60s
  timeout server 60s
  # The consoles' WebSockets.
  timeout tunnel 1h

frontend nimbus
  bind 127.0.0.1:${this.ports.balancer}
  default_backend api

backend api
  balance roundrobin
  option httpchk GET /api/health
  http-check expect status 200
${servers}
`;
    const file = path.join(this.opts.dir, 'haproxy.cfg');
    writeFileSync(file, cfg);
    const bin = ['/usr/sbin/haproxy', 'haproxy'].find((b) => spawnSync(b, ['-v']).status === 0)!;
    const check = spawnSync(bin, ['-c', '-f', file], { encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`haproxy refused its configuration:\n${check.stdout}${check.stderr}`);
    this.balancer = launch(this.opts.dir, 'haproxy', bin, ['-db', '-f', file], process.env);
    await until('haproxy', () => answers(`${this.balancerUrl}/api/health`));
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const children = [...this.replicas.map((r) => r.child), this.balancer, ...this.emulators].filter(
      (c): c is ChildProcess => !!c && c.exitCode === null && c.signalCode === null,
    );
    await Promise.all(
      children.map(
        (c) =>
          new Promise<void>((resolve) => {
            const force = setTimeout(() => c.kill('SIGKILL'), 10_000);
            c.once('exit', () => {
              clearTimeout(force);
              resolve();
            });
            c.kill('SIGTERM');
          }),
      ),
    );
    await this.pgEmbedded?.stop();
  }
}
