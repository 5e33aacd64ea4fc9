import type { FaultInjector } from '../faults.js';
import type { RawParams } from '../schema/types.js';
import type { Cluster } from '../state/cluster.js';
import type { TaskSpec } from '../state/tasks.js';
import type { VmState } from '../state/types.js';
import type { Auth, Principal } from './auth.js';
import type { ConsoleSessions } from './console-sessions.js';
import { fail } from './errors.js';

/** Shared runtime every handler sees. */
export interface Runtime {
  cluster: Cluster;
  auth: Auth;
  faults: FaultInjector;
  sessions: ConsoleSessions;
  authFailDelayMs: number;
  /** API requests received per "METHOD /path" (query left out), so callers can check how often they ask. */
  requests: Map<string, number>;
  /** Called after a request that may have changed the cluster (to save its state), if it is kept. */
  changed?: () => void;
}

/** One validated request: its parameters, caller and helpers to read them the way Proxmox coerces. */
export class Ctx {
  constructor(
    readonly rt: Runtime,
    readonly method: string,
    readonly path: string,
    readonly params: RawParams,
    readonly principal: Principal | undefined,
  ) {}

  get cluster(): Cluster {
    return this.rt.cluster;
  }

  /** The authenticated user id (`user@realm` or `user@realm!token`). */
  get user(): string {
    return this.principal?.user ?? 'root@pam';
  }

  /** A string parameter, or undefined. */
  str(name: string): string | undefined {
    const v = this.params[name];
    return Array.isArray(v) ? v[0] : v;
  }

  /** A required string parameter (already checked by the schema). */
  req(name: string): string {
    return this.str(name) ?? '';
  }

  /** An integer/number parameter, or undefined. */
  num(name: string): number | undefined {
    const v = this.str(name);
    return v === undefined ? undefined : Number(v);
  }

  /** A boolean parameter with Proxmox's coercion (1/true/yes/on). */
  bool(name: string): boolean | undefined {
    const v = this.str(name);
    return v === undefined ? undefined : /^(1|true|yes|on)$/i.test(v);
  }

  /** The VM addressed by {node}/{vmid}. */
  vm(): VmState {
    return this.cluster.requireVm(this.req('node'), Number(this.req('vmid')));
  }

  /** Fails with "VM is locked (x)" unless skiplock is set, as check_lock does. */
  checkLock(vm: VmState): void {
    const lock = vm.config.lock;
    if (lock && !this.bool('skiplock')) throw fail(`VM is locked (${lock})`);
  }

  /** Starts a task for this request, applying armed 'task-fail' and 'task-slow' faults; `holds` keeps the VM's flock. */
  task(spec: Omit<TaskSpec, 'user' | 'fail'> & { holds?: VmState }): string {
    const faults = this.rt.faults.take(this.method, this.path, true);
    const failed = faults.find((f) => f.kind === 'task-fail');
    const fail = failed ? (failed.message ?? 'injected failure (emulator fault)') : undefined;
    const slowMs = faults.filter((f) => f.kind === 'task-slow').reduce((ms, f) => ms + (f.latencyMs ?? 1000), 0);
    const { holds, ...spec0 } = spec;
    // A slow task is slow on a real cluster's clock: the extra time is not scaled by the speed.
    const rest = slowMs ? { ...spec0, seconds: spec0.seconds + slowMs / 1000 / this.cluster.cfg.speed } : spec0;
    const vmid = rest.vmid ?? holds?.vmid ?? (this.params.vmid === undefined ? undefined : Number(this.params.vmid));
    const upid = this.cluster.tasks.start({
      ...rest,
      vmid,
      user: this.user,
      fail,
      cleanup: () => {
        if (holds?.flock === upid) holds.flock = undefined;
        rest.cleanup?.();
      },
    });
    if (holds) holds.flock = upid;
    return upid;
  }

  /** Waits up to `seconds` (scaled by speed) for a task; null when it finished, like background_delay/delay. */
  async settle(upid: string, seconds: number | undefined): Promise<string | null> {
    if (!seconds) return upid;
    const deadline = Date.now() + seconds * 1000 * this.cluster.cfg.speed;
    const task = this.cluster.tasks.tasks.get(upid);
    while (task?.status === 'running' && Date.now() < deadline) await new Promise((r) => setTimeout(r, 5));
    if (!task || task.status === 'running') return upid;
    if (task.exitstatus !== 'OK') throw fail(task.exitstatus ?? 'task failed');
    return null;
  }

  /** Waits for the VM's flock like lock_config (10 s, scaled by speed), then fails with Proxmox's timeout. */
  async flock(vm: VmState): Promise<void> {
    const deadline = Date.now() + 10_000 * this.cluster.cfg.speed;
    while (vm.flock && this.cluster.tasks.tasks.get(vm.flock)?.status === 'running') {
      if (Date.now() >= deadline)
        throw fail(`can't lock file '/var/lock/qemu-server/lock-${vm.vmid}.conf' - got timeout`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  }

  /** Runs `spec` as a task holding the VM's config lock, released when the task ends. */
  lockedTask(vm: VmState, lock: string, spec: Omit<TaskSpec, 'user' | 'fail' | 'cleanup'>): string {
    vm.config.lock = lock;
    return this.task({
      ...spec,
      vmid: vm.vmid,
      cleanup: () => {
        if (vm.config.lock === lock) delete vm.config.lock;
      },
    });
  }
}

/** A payload plus top-level attributes beside `data` (e.g. `total`, set by Proxmox's set_result_attrib). */
export class WithAttribs {
  constructor(
    readonly data: unknown,
    readonly attribs: Record<string, unknown>,
  ) {}
}

/** A route handler: returns the `data` payload (undefined → null). */
export type Handler = (ctx: Ctx) => unknown;
