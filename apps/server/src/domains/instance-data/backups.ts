import type { BackupAddBody, BackupList, BackupRefBody } from '@nimbus/contract';
import type { z } from 'zod';
import type { Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { startAction, instances, type InstanceRow } from '../instances/index.js';
import { backups, type BackupStatus } from './backups-repository.js';
import { actionHandler, attempt, clusterOf, liveVm, once, quotas, resumePower, type Sent } from './common.js';
import { archiveOf, claimArchive, notesTemplate } from './backup-archives.js';
import { ensureAntiSpoofing, keptConfig, reapply } from './keep.js';

/** The longest a backup or restore may run in Proxmox: the longest wait of any task. */
export const BACKUP_TIMEOUT_MS = 6 * 60 * 60_000;

/** GET api/instance/backups: the product's quota and the instance's backups, newest first. */
export async function listBackups(ctx: Context, userId: number, id: number): Promise<BackupList> {
  const instance = await instances.owned(ctx.db, userId, id);
  if (!instance) throw instanceNotFound();
  const [q, rows] = await Promise.all([quotas(ctx, instance.product_id), backups.list(ctx.db, instance.id)]);
  return {
    Quota: q.backups,
    Items: rows.map((b) => ({
      Id: b.id,
      Name: b.name,
      Description: b.description,
      Size: b.size,
      Status: b.status,
      CreatedAt: b.created_at.toISOString(),
    })),
  };
}

export interface BackupTaskState {
  backupId: number;
  /** The vzdump, restore or nothing yet (see `once`). */
  dump?: Sent;
  restore?: Sent;
  /** Read before a restore: whether to start the VM after it, and the config to keep. */
  wasRunning?: boolean;
  keep?: Record<string, string>;
  /** The backup's status before a delete, to go back to if it fails. */
  before?: BackupStatus;
}

/** POST api/instance/backup/add: a new backup within the product's quota. */
export async function addBackup(ctx: Context, userId: number, b: z.output<typeof BackupAddBody>): Promise<number> {
  // A VM gone from its cluster is refused here like on every other route, not by a failed task.
  await liveVm(ctx, userId, b.Id);
  return startAction(ctx, {
    userId,
    instanceId: b.Id,
    kind: 'backup_add',
    prepare: async (tx, instance) => {
      const q = await quotas(ctx, instance.product_id);
      if ((await backups.counted(tx, instance.id)) >= q.backups) throw new AppError('quota_exceeded', 409);
      const row = await backups.create(tx, {
        instanceId: instance.id,
        userId,
        name: b.Name,
        description: b.Description,
      });
      return { backupId: row.id } satisfies BackupTaskState;
    },
  });
}

/** The caller's backup of this instance in one of `statuses`: 404 for anyone else's, 409 while it is busy. */
async function usable(tx: Tx, userId: number, instanceId: number, backupId: number, statuses: BackupStatus[]) {
  const row = await backups.owned(tx, userId, instanceId, backupId);
  if (!row) throw new AppError('db_no_record', 404);
  if (!statuses.includes(row.status)) throw new AppError('wrong_status', 409);
  return row;
}

/** POST api/instance/backup/restore: the VM replaced by the backup, keeping its network and size. */
export async function restoreBackup(ctx: Context, userId: number, b: z.output<typeof BackupRefBody>) {
  await liveVm(ctx, userId, b.Id);
  return startAction(ctx, {
    userId,
    instanceId: b.Id,
    kind: 'backup_restore',
    prepare: async (tx) => {
      await usable(tx, userId, b.Id, b.BackupId, ['ready']);
      await backups.update(tx, b.BackupId, { status: 'restoring' });
      return { backupId: b.BackupId } satisfies BackupTaskState;
    },
  });
}

/** POST api/instance/backup/del. */
export async function deleteBackup(ctx: Context, userId: number, b: z.output<typeof BackupRefBody>) {
  return startAction(ctx, {
    userId,
    instanceId: b.Id,
    kind: 'backup_del',
    prepare: async (tx) => {
      const row = await usable(tx, userId, b.Id, b.BackupId, ['ready', 'failed']);
      await backups.update(tx, b.BackupId, { status: 'deleting' });
      return { backupId: b.BackupId, before: row.status } satisfies BackupTaskState;
    },
  });
}

/** The `backup_add` task: vzdump in snapshot mode to the cluster's backup storage, then the archive recorded. */
export const backupAddHandler = (ctx: Context) =>
  actionHandler<BackupTaskState>(
    ctx,
    async (job) => {
      const { vm, signal } = job;
      const row = (await backups.get(ctx.db, job.state.backupId))!;
      const storage = clusterOf(ctx, job.instance).config.backupStorage;
      const upid = await once(
        job,
        'dump',
        'vzdump',
        (onUpid) =>
          vm.client.backups.vzdump(
            vm.node,
            vm.vmid,
            { storage, mode: 'snapshot', 'notes-template': notesTemplate(row.description || row.name) },
            { onUpid, signal, timeoutMs: BACKUP_TIMEOUT_MS },
          ),
        BACKUP_TIMEOUT_MS,
      );
      const volid = await attempt(signal, () => archiveOf(vm, upid));
      if (!volid) throw new Error(`vzdump task ${upid} named no archive`);
      const content = await attempt(signal, () => vm.client.backups.listContent(vm.node, storage, { vmid: vm.vmid }));
      const size = content.find((c) => c.volid === volid)?.size;
      await backups.update(ctx.db, row.id, { status: 'ready', volid, size });
    },
    {
      // vzdump may have written the archive before the step that failed: it is found and recorded,
      // so the failed backup holds its quota place until deleted and its deletion removes it.
      undo: async (job) => {
        const row = await backups.get(ctx.db, job.state.backupId);
        if (!row || row.volid || !job.state.dump) return;
        const storage = clusterOf(ctx, job.instance).config.backupStorage;
        await claimArchive(ctx, job.vm, storage, row, { upid: job.state.dump.upid }).catch((err: unknown) => {
          // Deleting the backup, or destroying the instance, looks for it again.
          ctx.log.warn({ err, backup: row.id }, 'could not look for the archive of a failed backup');
        });
      },
      giveBack: (job, tx) => backups.update(tx, job.state.backupId, { status: 'failed' }),
    },
  );

/**
 * The `backup_restore` task: the VM stopped, the archive restored over it (same VMID), the
 * instance's own network, cloud-init and size put back, and the VM started if it was running.
 */
export const backupRestoreHandler = (ctx: Context) =>
  actionHandler<BackupTaskState>(
    ctx,
    async (job) => {
      const { vm, signal, state } = job;
      const row = (await backups.get(ctx.db, state.backupId))!;
      if (state.wasRunning === undefined) {
        const st = await attempt(signal, () => vm.client.qemu.status(vm.node, vm.vmid));
        const keep = await attempt(signal, () => keptConfig(vm));
        await job.save({ wasRunning: st.status === 'running', keep });
      }
      if (!state.restore?.upid) {
        const st = await attempt(signal, () => vm.client.qemu.status(vm.node, vm.vmid));
        if (st.status !== 'stopped') await vm.client.qemu.power(vm.node, vm.vmid, 'stop', {}, { signal });
      }
      await once(
        job,
        'restore',
        'qmrestore',
        (onUpid) =>
          vm.client.backups.restore(
            vm.node,
            { vmid: vm.vmid, archive: row.volid!, force: true, storage: clusterOf(ctx, job.instance).config.storage },
            { onUpid, signal, timeoutMs: BACKUP_TIMEOUT_MS },
          ),
        BACKUP_TIMEOUT_MS,
      );
      await vm.client.qemu.waitUnlocked(vm.node, vm.vmid, { timeoutMs: 10 * 60_000, signal });
      await attempt(signal, () => reapply(ctx, vm, job.instance, state.keep ?? {}));
      await attempt(signal, () => ensureAntiSpoofing(vm, job.instance));
      await resumePower(job, ctx);
      await backups.update(ctx.db, row.id, { status: 'ready' });
    },
    { giveBack: (job, tx) => backups.update(tx, job.state.backupId, { status: 'ready' }) },
  );

/** The `backup_del` task: the archive removed from the backup storage, then our record. */
export const backupDeleteHandler = (ctx: Context) =>
  actionHandler<BackupTaskState>(
    ctx,
    async (job) => {
      const { vm, signal } = job;
      const row = await backups.get(ctx.db, job.state.backupId);
      if (!row) return;
      const storage = clusterOf(ctx, job.instance).config.backupStorage;
      // Deleting is checked against the storage first, so a repeat after a lost answer finds it gone.
      const content = await attempt(signal, () => vm.client.backups.listContent(vm.node, storage, { vmid: vm.vmid }));
      // A failed backup whose archive was not found when it failed: looked for again.
      const volid = row.volid ?? (await claimArchive(ctx, vm, storage, row, { content }))?.volid;
      if (volid && content.some((c) => c.volid === volid)) {
        await vm.client.backups.deleteVolume(vm.node, storage, volid, { signal });
      }
      await backups.remove(ctx.db, row.id);
    },
    { giveBack: (job, tx) => backups.update(tx, job.state.backupId, { status: job.state.before ?? 'ready' }) },
  );

/**
 * Removes every backup of an instance from its backup storage and from our records: for the
 * destroy task, since Proxmox keeps archives after their VM is gone. Safe to run again.
 */
export async function removeInstanceBackups(ctx: Context, instance: InstanceRow): Promise<void> {
  const rows = await backups.list(ctx.db, instance.id);
  if (!rows.length) return;
  const cluster = clusterOf(ctx, instance);
  const storage = cluster.config.backupStorage;
  const node = instance.node ?? cluster.config.nodes[0]!;
  let content = instance.vmid ? await cluster.client.backups.listContent(node, storage, { vmid: instance.vmid }) : [];
  const vm = { client: cluster.client, node, vmid: instance.vmid ?? 0 };
  // Oldest first, so each failed backup without a recorded archive claims the one it made.
  for (const row of rows.reverse()) {
    const volid =
      row.volid ?? (instance.vmid ? (await claimArchive(ctx, vm, storage, row, { content }))?.volid : undefined);
    if (volid && content.some((c) => c.volid === volid)) {
      await cluster.client.backups.deleteVolume(node, storage, volid);
      content = content.filter((c) => c.volid !== volid);
    }
    await backups.remove(ctx.db, row.id);
  }
}
