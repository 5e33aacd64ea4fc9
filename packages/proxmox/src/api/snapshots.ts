import { apiPath } from '../encoding.js';
import { decodeSnapshots } from '../decode-results.js';
import { runTask, type ClientContext, type TaskOptions } from './context.js';
import type { Snapshot, TaskResult } from '../types.js';

/** VM snapshots; every change is a task serialised per VM. */
export class SnapshotsApi {
  constructor(private readonly ctx: ClientContext) {}

  /** `GET …/snapshot` without the pseudo-entry `current`. */
  async list(node: string, vmid: number): Promise<Snapshot[]> {
    return decodeSnapshots(
      await this.ctx.http.call({ method: 'GET', path: apiPath`/nodes/${node}/qemu/${vmid}/snapshot` }),
    );
  }

  /** `POST …/snapshot` and waits. `snapname`: a letter first, ≤ 40 chars. */
  create(
    node: string,
    vmid: number,
    snapname: string,
    params: { description?: string; vmstate?: boolean } = {},
    opts?: TaskOptions,
  ): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/snapshot`;
    return runTask(this.ctx, { node, vmid }, { method: 'POST', path, params: { snapname, ...params } }, opts);
  }

  /** `DELETE …/snapshot/{snapname}` and waits. */
  delete(
    node: string,
    vmid: number,
    snapname: string,
    params: { force?: boolean } = {},
    opts?: TaskOptions,
  ): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/snapshot/${snapname}`;
    return runTask(this.ctx, { node, vmid }, { method: 'DELETE', path, params }, opts);
  }

  /** `POST …/snapshot/{snapname}/rollback` and waits. */
  rollback(
    node: string,
    vmid: number,
    snapname: string,
    params: { start?: boolean } = {},
    opts?: TaskOptions,
  ): Promise<TaskResult> {
    const path = apiPath`/nodes/${node}/qemu/${vmid}/snapshot/${snapname}/rollback`;
    return runTask(this.ctx, { node, vmid }, { method: 'POST', path, params }, opts);
  }
}
