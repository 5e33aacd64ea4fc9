import { apiPath, type Params } from '../encoding.js';
import { decodeStorageContent } from '../decode-results.js';
import { num, obj, optNum, optStr } from '../decode.js';
import { runTask, type ClientContext, type TaskOptions } from './context.js';
import type { StorageContent, TaskResult } from '../types.js';

/** Parameters of `POST /nodes/{node}/vzdump` for one VM. */
export interface VzdumpParams {
  storage: string;
  mode?: 'snapshot' | 'suspend' | 'stop';
  compress?: '0' | '1' | 'gzip' | 'lzo' | 'zstd';
  /** Proxmox defaults this to 1 (prune by retention); we send 0 unless asked, so a backup never prunes others. */
  remove?: boolean;
  'notes-template'?: string;
  protected?: boolean;
  'prune-backups'?: string;
}

/** Parameters of a restore (`POST /nodes/{node}/qemu` with `archive`). */
export interface RestoreParams {
  vmid: number;
  archive: string;
  storage?: string;
  force?: boolean;
  unique?: boolean;
  start?: boolean;
  'live-restore'?: boolean;
  [override: string]: string | number | boolean | undefined;
}

/** Backups (vzdump/restore) and storage content. */
export class BackupsApi {
  constructor(private readonly ctx: ClientContext) {}

  /** Backs up one VM on the node that hosts it and waits; limited per node and per backup storage. */
  vzdump(node: string, vmid: number, params: VzdumpParams, opts?: TaskOptions): Promise<TaskResult> {
    const body: Params = { compress: 'zstd', mode: 'snapshot', ...params, vmid, remove: params.remove ?? false };
    const path = apiPath`/nodes/${node}/vzdump`;
    return runTask(this.ctx, { node, vmid, storage: params.storage }, { method: 'POST', path, params: body }, opts);
  }

  /** Restores an archive into `vmid` (`force` overwrites a stopped VM) and waits. */
  restore(node: string, params: RestoreParams, opts?: TaskOptions): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu`;
    const scope = { node, vmid: params.vmid, ...(params.storage === undefined ? {} : { storage: params.storage }) };
    return runTask(this.ctx, scope, { method: 'POST', path, params: { ...params } }, opts);
  }

  /** `GET /nodes/{node}/storage/{storage}/content`, e.g. `{ content: 'backup', vmid }`. */
  async listContent(
    node: string,
    storage: string,
    filter: { content?: string; vmid?: number } = {},
  ): Promise<StorageContent[]> {
    const path = apiPath`/nodes/${node}/storage/${storage}/content`;
    return decodeStorageContent(await this.ctx.http.call({ method: 'GET', path, params: filter }));
  }

  /** `GET …/content/{volid}` (the volid is percent-encoded into the path). */
  async getVolume(
    node: string,
    storage: string,
    volid: string,
  ): Promise<{ format?: string; size: number; used?: number; notes?: string; path?: string }> {
    const o = obj(
      await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/storage/${storage}/content/${volid}` }),
    );
    return {
      format: optStr(o.format),
      size: num(o.size),
      used: optNum(o.used),
      notes: optStr(o.notes),
      path: optStr(o.path),
    };
  }

  /** `DELETE …/content/{volid}`; waits when Proxmox hands back a task, resolves at once for `null`. */
  deleteVolume(
    node: string,
    storage: string,
    volid: string,
    opts?: TaskOptions & { delay?: number },
  ): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/storage/${storage}/content/${volid}`;
    const params = { delay: opts?.delay };
    return runTask(this.ctx, { node, storage }, { method: 'DELETE', path, params }, opts);
  }
}
