import { apiPath, normaliseSshKeys, type ParamValue, type Params } from '../encoding.js';
import { decodeRrd, decodeVmConfig, decodeVmStatus } from '../decode-results.js';
import { sleep } from '../backoff.js';
import { runTask, vmWrite, type ClientContext, type TaskOptions } from './context.js';
import type { RrdPoint, TaskResult, VmConfig, VmStatus } from '../types.js';

/** Parameters of `POST …/clone` (newid is required). */
export interface CloneParams {
  newid: number;
  name?: string;
  full?: boolean;
  storage?: string;
  format?: 'raw' | 'qcow2' | 'vmdk';
  pool?: string;
  target?: string;
  description?: string;
  bwlimit?: number;
  snapname?: string;
}

/** Config keys to set: indexed keys (`net0`, `ipconfig0`) are plain keys; `sshkeys` may be a list of raw keys. */
export interface ConfigParams {
  [key: string]: ParamValue;
  sshkeys?: string | readonly string[];
  /** Keys to remove (comma list in Proxmox). */
  delete?: string | readonly string[];
  digest?: string;
}

/** The `status/{action}` endpoints. */
export type PowerAction = 'start' | 'stop' | 'shutdown' | 'reboot' | 'reset' | 'suspend' | 'resume';

function configBody(params: ConfigParams): Params {
  const out: Params = { ...params };
  if (params.sshkeys !== undefined) out.sshkeys = normaliseSshKeys(params.sshkeys);
  return out;
}

/** QEMU VM lifecycle: clone, config, resize, delete, status, power, metrics. */
export class QemuApi {
  constructor(private readonly ctx: ClientContext) {}

  /** Clones a template (`POST …/clone`) and waits; limited per node and per target storage. */
  clone(node: string, templateVmid: number, params: CloneParams, opts?: TaskOptions): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${templateVmid}/clone`;
    // Linked clones allocate on the template's storage; callers pass `storage` for full clones.
    const storage = params.storage ?? `template-${templateVmid}`;
    return runTask(
      this.ctx,
      { node, vmid: params.newid, storage },
      { method: 'POST', path, params: { ...params } },
      opts,
    );
  }

  /** `GET …/config`; `current` folds pending changes in. */
  async config(node: string, vmid: number, opts: { current?: boolean; snapshot?: string } = {}): Promise<VmConfig> {
    const data = await this.ctx.http.call({
      method: 'GET',
      path: apiPath`/nodes/${node}/qemu/${vmid}/config`,
      params: opts,
    });
    return decodeVmConfig(data);
  }

  /** `POST …/config` (async, preferred): waits for the task when Proxmox returns one. */
  updateConfig(node: string, vmid: number, params: ConfigParams, opts?: TaskOptions): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/config`;
    return runTask(this.ctx, { node, vmid }, { method: 'POST', path, params: configBody(params) }, opts);
  }

  /** `PUT …/config` (sync): setting the same values twice is harmless, so it is retried like a GET. */
  async setConfig(node: string, vmid: number, params: ConfigParams): Promise<void> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/config`;
    await vmWrite(this.ctx, vmid, { method: 'PUT', path, params: configBody(params), retry: 'idempotent' });
  }

  /** `PUT …/resize`; an absolute size is idempotent and retried, a `+N` growth is not. */
  resize(
    node: string,
    vmid: number,
    disk: string,
    size: string,
    opts?: TaskOptions & { digest?: string },
  ): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/resize`;
    const retry = size.startsWith('+') ? 'refusal-only' : 'idempotent';
    return runTask(
      this.ctx,
      { node, vmid },
      { method: 'PUT', path, params: { disk, size, digest: opts?.digest }, retry },
      opts,
    );
  }

  /** `DELETE …/qemu/{vmid}` and waits. Removes the VM's firewall rules too. */
  destroy(
    node: string,
    vmid: number,
    params: { purge?: boolean; 'destroy-unreferenced-disks'?: boolean; skiplock?: boolean } = {},
    opts?: TaskOptions,
  ): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}`;
    return runTask(this.ctx, { node, vmid }, { method: 'DELETE', path, params }, opts);
  }

  /** `GET …/status/current`. */
  async status(node: string, vmid: number, signal?: AbortSignal): Promise<VmStatus> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/status/current`;
    return decodeVmStatus(await this.ctx.http.call({ method: 'GET', path, signal }));
  }

  /** `POST …/status/{action}` and waits; never re-sent after an ambiguous failure. */
  power(node: string, vmid: number, action: PowerAction, params: Params = {}, opts?: TaskOptions): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/status/${action}`;
    return runTask(this.ctx, { node, vmid }, { method: 'POST', path, params }, opts);
  }

  /** Polls `status/current` until the VM has no `lock` (e.g. after a clone), or the timeout passes. */
  async waitUnlocked(
    node: string,
    vmid: number,
    opts: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
  ): Promise<VmStatus> {
    const deadline = Date.now() + (opts.timeoutMs ?? 120_000);
    for (;;) {
      const st = await this.status(node, vmid, opts.signal);
      if (!st.lock || Date.now() >= deadline) return st;
      await sleep(opts.intervalMs ?? 1000, opts.signal);
    }
  }

  /** `GET …/rrddata`; any node answers (RRD data is cluster-wide). */
  async rrddata(
    node: string,
    vmid: number,
    timeframe: 'hour' | 'day' | 'week' | 'month' | 'year',
    cf?: 'AVERAGE' | 'MAX',
  ): Promise<RrdPoint[]> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/rrddata`;
    return decodeRrd(await this.ctx.http.call({ method: 'GET', path, params: { timeframe, cf } }));
  }

  /** `PUT …/cloudinit`: regenerates the cloud-init drive after config changes. */
  async regenerateCloudInit(node: string, vmid: number): Promise<void> {
    await vmWrite(this.ctx, vmid, {
      method: 'PUT',
      path: apiPath`/nodes/${node}/qemu/${vmid}/cloudinit`,
      retry: 'idempotent',
    });
  }
}
