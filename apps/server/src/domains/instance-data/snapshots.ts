import type { SnapshotAddBody, SnapshotList, SnapshotRefBody } from '@nimbus/contract';
import type { z } from 'zod';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { actionHandler, attempt, liveVm, once, quotas, resumePower, startOnVm, type Sent, type Vm } from './common.js';
import { keptConfig, reapply } from './keep.js';

/** GET api/instance/snapshots: the product's quota and the VM's snapshots (not `current`), newest first. */
export async function listSnapshots(ctx: Context, userId: number, id: number): Promise<SnapshotList> {
  const { instance, vm } = await liveVm(ctx, userId, id);
  const [q, list] = await Promise.all([quotas(ctx, instance.product_id), vm.client.snapshots.list(vm.node, vm.vmid)]);
  list.sort((a, b) => (b.snaptime ?? 0) - (a.snaptime ?? 0));
  return {
    Quota: q.snapshots,
    Items: list.map((s) => ({
      Name: s.name,
      Description: s.description ?? '',
      CreatedAt: s.snaptime ? new Date(s.snaptime * 1000).toISOString() : null,
    })),
  };
}

export interface SnapshotTaskState {
  name: string;
  description?: string;
  /** The snapshot, rollback or delete call (see `once`). */
  call?: Sent;
  /** Read before a rollback: whether to start the VM after it, and the config to keep. */
  wasRunning?: boolean;
  keep?: Record<string, string>;
}

const names = async (vm: Vm) => (await vm.client.snapshots.list(vm.node, vm.vmid)).map((s) => s.name);

/** POST api/instance/snapshot/add: a new snapshot within the quota, under a name not used yet. */
export function addSnapshot(ctx: Context, userId: number, b: z.output<typeof SnapshotAddBody>): Promise<number> {
  return startOnVm(ctx, userId, b.Id, 'snapshot_add', async (vm, instance) => {
    const existing = await names(vm);
    if (existing.includes(b.Name)) throw new AppError('parse_data_error', 400, { Name: 'name_taken' });
    if (existing.length >= (await quotas(ctx, instance.product_id)).snapshots) {
      throw new AppError('quota_exceeded', 409);
    }
    return { name: b.Name, description: b.Description } satisfies SnapshotTaskState;
  });
}

/** Starts a rollback or delete of an existing snapshot; an unknown name is "not found". */
const onSnapshot = (
  ctx: Context,
  userId: number,
  b: z.output<typeof SnapshotRefBody>,
  kind: 'snapshot_restore' | 'snapshot_del',
) =>
  startOnVm(ctx, userId, b.Id, kind, async (vm) => {
    if (!(await names(vm)).includes(b.Name)) throw new AppError('db_no_record', 404);
    return { name: b.Name } satisfies SnapshotTaskState;
  });

/** POST api/instance/snapshot/restore: the VM rolled back to the snapshot. */
export const restoreSnapshot = (ctx: Context, userId: number, b: z.output<typeof SnapshotRefBody>) =>
  onSnapshot(ctx, userId, b, 'snapshot_restore');

/** POST api/instance/snapshot/del. */
export const deleteSnapshot = (ctx: Context, userId: number, b: z.output<typeof SnapshotRefBody>) =>
  onSnapshot(ctx, userId, b, 'snapshot_del');

const SNAPSHOT_TIMEOUT_MS = 60 * 60_000;

/** The `snapshot_add` task: done once Proxmox lists the snapshot. */
export const snapshotAddHandler = (ctx: Context) =>
  actionHandler<SnapshotTaskState>(ctx, async (job) => {
    const { vm, signal, state } = job;
    if (!state.call && (await attempt(signal, () => names(vm))).includes(state.name)) return;
    await once(
      job,
      'call',
      'qmsnapshot',
      (onUpid) =>
        vm.client.snapshots.create(
          vm.node,
          vm.vmid,
          state.name,
          { description: state.description || undefined },
          { onUpid, signal, timeoutMs: SNAPSHOT_TIMEOUT_MS },
        ),
      SNAPSHOT_TIMEOUT_MS,
    );
  });

/**
 * The `snapshot_restore` task: a rollback, with the instance's own network, cloud-init and size put
 * back afterwards, and the VM started again if it was running (a snapshot without RAM leaves it stopped).
 */
export const snapshotRestoreHandler = (ctx: Context) =>
  actionHandler<SnapshotTaskState>(ctx, async (job) => {
    const { vm, signal, state } = job;
    if (state.wasRunning === undefined) {
      const st = await attempt(signal, () => vm.client.qemu.status(vm.node, vm.vmid));
      const keep = await attempt(signal, () => keptConfig(vm));
      await job.save({ wasRunning: st.status === 'running', keep });
    }
    await once(
      job,
      'call',
      'qmrollback',
      (onUpid) =>
        vm.client.snapshots.rollback(
          vm.node,
          vm.vmid,
          state.name,
          {},
          { onUpid, signal, timeoutMs: SNAPSHOT_TIMEOUT_MS },
        ),
      SNAPSHOT_TIMEOUT_MS,
    );
    await vm.client.qemu.waitUnlocked(vm.node, vm.vmid, { timeoutMs: 10 * 60_000, signal });
    await attempt(signal, () => reapply(ctx, vm, job.instance, state.keep ?? {}));
    await resumePower(job, ctx);
  });

/** The `snapshot_del` task: done once Proxmox no longer lists the snapshot. */
export const snapshotDeleteHandler = (ctx: Context) =>
  actionHandler<SnapshotTaskState>(ctx, async (job) => {
    const { vm, signal, state } = job;
    if (!state.call && !(await attempt(signal, () => names(vm))).includes(state.name)) return;
    await once(
      job,
      'call',
      'qmdelsnapshot',
      (onUpid) =>
        vm.client.snapshots.delete(
          vm.node,
          vm.vmid,
          state.name,
          {},
          { onUpid, signal, timeoutMs: SNAPSHOT_TIMEOUT_MS },
        ),
      SNAPSHOT_TIMEOUT_MS,
    );
  });
