import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Auth } from './api/auth.js';
import { ConsoleSessions } from './api/console-sessions.js';
import type { Runtime } from './api/context.js';
import { handleApi } from './api/http.js';
import { handlers } from './api/routes/index.js';
import { Router } from './api/router.js';
import { attachWebsockets } from './api/websocket.js';
import { FaultInjector } from './faults.js';
import type { Faults, FaultSpec } from './faults.js';
import { Cluster } from './state/cluster.js';
import { guestAccess } from './state/guest-access.js';
import { loadCluster, StateWriter } from './state/persist.js';
import { TEMPLATE_SEEDS, type TemplateInfo } from './state/templates.js';
import type { VmView } from './state/types.js';

export type { Faults, FaultKind, FaultSpec } from './faults.js';
export { CHAOS_FAULTS } from './faults.js';
export type { VmView } from './state/types.js';
export type { TemplateInfo } from './state/templates.js';
/** The image key of each seeded template (distribution-version, e.g. debian-12), known without starting anything. */
export const TEMPLATE_KEYS: readonly string[] = TEMPLATE_SEEDS.map((t) =>
  `${t.distribution}-${t.version}`.toLowerCase(),
);
/** The VMID of each seeded template by its image key, the same on every emulated cluster. */
export const TEMPLATE_VMIDS: Readonly<Record<string, number>> = Object.fromEntries(
  TEMPLATE_SEEDS.map((t) => [`${t.distribution}-${t.version}`.toLowerCase(), t.vmid]),
);

export interface EmulatorOptions {
  host?: string;
  port?: number;
  schema?: 8 | 9;
  speed?: number;
  tokens?: string[];
  users?: { username: string; password: string }[];
  cluster?: { name?: string; nodes?: string[]; storage?: string; backupStorage?: string; bridge?: string };
  seed?: number;
  /**
   * Where to keep the cluster's VMs and backups across restarts: loaded at start if it exists,
   * written (atomically) shortly after every change and on close. Without it the state is memory only.
   */
  stateFile?: string;
  /** Delay before answering a 401, like pveproxy's 3 s; default 0 so tests stay fast. */
  authFailDelayMs?: number;
  /** Faults armed from the start (e.g. CHAOS_FAULTS); which requests a probability hits follows `seed`. */
  faults?: readonly FaultSpec[];
}

export interface Emulator {
  url: string;
  faults: Faults;
  templates: TemplateInfo[];
  vm(vmid: number): Readonly<VmView> | undefined;
  /** Whether the guest of a VM would accept this login now (what its console's login prompt checks). */
  guestLogin(vmid: number, user: string, password: string): boolean;
  /**
   * Finished tasks with the node and VM each worked on, how long it ran and when it started and
   * ended (epoch milliseconds), e.g. to see how many ran at once.
   */
  taskTimes(): {
    type: string;
    node: string;
    vmid?: number;
    ms: number;
    startedMs: number;
    endedMs: number;
    exitstatus?: string;
  }[];
  /** How many API requests reached `METHOD /path` (e.g. "GET /cluster/resources"), whatever their query. */
  requestCount(route: string): number;
  close(): Promise<void>;
}

/** Starts an emulated Proxmox VE cluster with its HTTP API on 127.0.0.1 (ephemeral port by default). */
export async function startEmulator(opts: EmulatorOptions = {}): Promise<Emulator> {
  const schema = opts.schema ?? 8;
  const cluster = new Cluster({
    name: opts.cluster?.name ?? 'pve',
    nodes: opts.cluster?.nodes ?? ['pve1', 'pve2'],
    storage: opts.cluster?.storage ?? 'ceph-vm',
    backupStorage: opts.cluster?.backupStorage ?? 'backup',
    bridge: opts.cluster?.bridge ?? 'vmbr0',
    seed: opts.seed ?? 1,
    speed: opts.speed ?? 1,
    schema,
  });
  let writer: StateWriter | undefined;
  if (opts.stateFile) {
    loadCluster(cluster, opts.stateFile);
    const w = (writer = new StateWriter(cluster, opts.stateFile));
    cluster.tasks.onEnd = () => w.changed();
  }
  const auth = new Auth(opts.tokens ?? [], opts.users ?? []);
  const faults = new FaultInjector(opts.seed ?? 1);
  for (const f of opts.faults ?? []) faults.add(f);
  const rt: Runtime = {
    cluster,
    auth,
    faults,
    sessions: new ConsoleSessions(auth),
    authFailDelayMs: opts.authFailDelayMs ?? 0,
    requests: new Map(),
    changed: writer ? () => writer.changed() : undefined,
  };
  const router = new Router(schema);
  const server = createServer((req, res) => void handleApi(rt, router, handlers, req, res));
  const closeSockets = attachWebsockets(server, rt, router);
  const host = opts.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${host}:${port}`,
    faults,
    templates: cluster.templates,
    vm(vmid) {
      const vm = cluster.vms.get(vmid);
      if (!vm) return undefined;
      return {
        vmid: vm.vmid,
        node: vm.node,
        status: vm.status,
        qmpstatus: vm.qmpstatus,
        config: { ...vm.config },
        lock: vm.config.lock,
        snapshots: vm.snapshots.map((s) => s.name),
        osPrettyName: vm.os.prettyName,
      };
    },
    guestLogin(vmid, user, password) {
      return guestAccess(cluster, vmid).checkLogin(user, password);
    },
    taskTimes() {
      return [...cluster.tasks.tasks.values()]
        .filter((t) => t.endedMs !== undefined)
        .map((t) => ({
          type: t.type,
          node: t.node,
          vmid: t.vmid,
          ms: t.endedMs! - t.startedMs,
          startedMs: t.startedMs,
          endedMs: t.endedMs!,
          exitstatus: t.exitstatus,
        }));
    },
    requestCount(route) {
      return rt.requests.get(route) ?? 0;
    },
    async close() {
      cluster.tasks.stopAll();
      rt.sessions.closeAll();
      closeSockets();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await writer?.flush();
    },
  };
}

/** The VNC console's font and character cell, for tests that read a screen back from its pixels. */
export { glyph as consoleGlyph } from './console/font-8x8.js';
export { CELL_H as CONSOLE_CELL_H, CELL_W as CONSOLE_CELL_W } from './console/render.js';
