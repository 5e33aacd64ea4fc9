import { ConcurrencyLimiter, KeyedQueue, ProxmoxClient, type ConsoleSession, type Logger } from '@nimbus/proxmox';
import type { Logger as Pino } from 'pino';
import type { Metrics } from '../metrics/metrics.js';
import type { ClusterConfig, ComputeConfig } from './config.js';
import { readComputeConfig } from './config.js';
import { startEmbeddedCompute } from './embedded.js';
import { assertRangesClear } from './marks.js';
import { ProxmoxSlots } from './slots.js';

/** One Proxmox cluster as the rest of the server sees it. */
export interface ClusterHandle {
  regionId: string;
  config: ClusterConfig;
  client: ProxmoxClient;
  /** This installation's identity: the mark its VMs carry on every cluster (infra/compute/marks.ts). */
  installation: string;
  /** A ticket session for consoles (Proxmox refuses consoles to API tokens). */
  consoleSession(): Promise<ConsoleSession>;
}

export interface RegionHandle {
  id: string;
  name: string;
  clusters: ClusterHandle[];
}

function clientLogger(log: Pino): Logger {
  const child = log.child({ module: 'proxmox' });
  return {
    debug: (msg, fields) => child.debug(fields ?? {}, msg),
    info: (msg, fields) => child.info(fields ?? {}, msg),
    warn: (msg, fields) => child.warn(fields ?? {}, msg),
    error: (msg, fields) => child.error(fields ?? {}, msg),
  };
}

/**
 * The only door to Proxmox: regions, their clusters and a client per cluster. Without
 * COMPUTE_CONFIG it runs an emulated cluster per region in-process.
 */
export class Compute {
  /** Console sessions opened so far, closed with the module. */
  private readonly sessions = new Set<Promise<ConsoleSession>>();

  private constructor(
    readonly emulated: boolean,
    readonly installation: string,
    private readonly byRegion: Map<string, RegionHandle>,
    private readonly stopEmbedded: () => Promise<void>,
    private readonly slots: ProxmoxSlots | null,
  ) {}

  /**
   * `stateDir`: where the emulated clusters (no COMPUTE_CONFIG) keep their state across restarts;
   * `installation`: the identity this installation marks its VMs with (installationIdentity);
   * `databaseUrl`: where the per-node and per-storage limits are kept, so they hold across every
   * process on that database (without it, in this process's memory: benches).
   */
  static async start(opts: {
    installation: string;
    configValue?: string;
    emulatorSpeed: number;
    log: Pino;
    stateDir?: string;
    databaseUrl?: string;
    /** Where each Proxmox call is counted, by cluster, method and outcome, with its latency. */
    metrics?: Metrics;
  }): Promise<Compute> {
    const embedded = opts.configValue ? null : await startEmbeddedCompute(opts.emulatorSpeed, undefined, opts.stateDir);
    const config: ComputeConfig = embedded ? embedded.config : readComputeConfig(opts.configValue!);
    const logger = clientLogger(opts.log);
    const regions = new Map<string, RegionHandle>();
    const slots = opts.databaseUrl ? new ProxmoxSlots(opts.databaseUrl, opts.log) : null;
    const compute = new Compute(
      !!embedded,
      opts.installation,
      regions,
      embedded ? embedded.close : async () => undefined,
      slots,
    );
    const metrics = opts.metrics;
    for (const r of config.regions) {
      const clusters = r.clusters.map((c): ClusterHandle => {
        const cluster = `${r.id}/${c.name}`;
        const client = new ProxmoxClient({
          baseUrl: c.apiUrl,
          token: { tokenId: c.tokenId, secret: c.tokenSecret },
          cluster,
          tls: c.fingerprint ? { fingerprint: c.fingerprint } : undefined,
          queue: new KeyedQueue(),
          limiter: slots
            ? slots.limiter(cluster, { node: c.limits.perNode, storage: c.limits.perStorage })
            : new ConcurrencyLimiter({ node: c.limits.perNode, storage: c.limits.perStorage }),
          // Poll tasks often: a deploy waits on four tasks, and each is seen finished up to one
          // interval late (50 ms growing to 200 ms: 0.35 s of overhead per deploy instead of 1.1 s
          // at 150 → 600 ms, docs/benchmarks.md). The node and storage limits keep a handful of
          // tasks in flight per node, so pveproxy sees a few cheap status GETs a second each.
          wait: { intervalMs: 50, maxIntervalMs: 200 },
          logger,
          onCall: metrics
            ? ({ method, outcome, seconds }) => metrics.proxmox.observe({ cluster, method, outcome }, seconds)
            : undefined,
        });
        let session: Promise<ConsoleSession> | undefined;
        return {
          regionId: r.id,
          config: c,
          client,
          installation: opts.installation,
          consoleSession: () => {
            if (!session) {
              session = client.openConsoleSession(c.consoleUser, c.consolePassword).catch((e: unknown) => {
                session = undefined;
                throw e;
              });
              compute.sessions.add(session);
            }
            return session;
          },
        };
      });
      regions.set(r.id, { id: r.id, name: r.name, clusters });
    }
    return compute;
  }

  regions(): RegionHandle[] {
    return [...this.byRegion.values()];
  }

  region(id: string): RegionHandle | undefined {
    return this.byRegion.get(id);
  }

  /** A cluster by its key, "<region>/<cluster name>" (as instances record it). */
  cluster(key: string): ClusterHandle | undefined {
    const [regionId, name] = key.split('/');
    return this.byRegion.get(regionId ?? '')?.clusters.find((c) => c.config.name === name);
  }

  /** Asks every cluster for its version; a region's clusters that do not answer are reported, not thrown. */
  async probe(): Promise<{ region: string; cluster: string; version?: string; error?: string }[]> {
    const all = this.regions().flatMap((r) => r.clusters);
    return Promise.all(
      all.map(async (c) => {
        try {
          const v = await c.client.cluster.version();
          return { region: c.regionId, cluster: c.config.name, version: v.version };
        } catch (e) {
          return { region: c.regionId, cluster: c.config.name, error: (e as Error).message };
        }
      }),
    );
  }

  /**
   * Throws, naming every conflict, when a cluster's VMID range holds another installation's VMs
   * (see assertRangesClear); the server does not start then.
   */
  async assertRangesClear(): Promise<void> {
    const clusters = this.regions().flatMap((r) =>
      r.clusters.map((c) => ({ key: `${r.id}/${c.config.name}`, client: c.client, range: c.config.vmidRange })),
    );
    await assertRangesClear(clusters, this.installation);
  }

  async close(): Promise<void> {
    for (const c of this.regions().flatMap((r) => r.clusters)) c.client.close();
    await Promise.all([...this.sessions].map((s) => s.then((x) => x.close()).catch(() => undefined)));
    await this.slots?.close();
    await this.stopEmbedded();
  }
}
