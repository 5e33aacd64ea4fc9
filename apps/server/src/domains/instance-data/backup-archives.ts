import type { StorageContent } from '@nimbus/proxmox';
import type { Context } from '../../infra/lib/context.js';
import { backups, type BackupRow } from './backups-repository.js';
import type { Vm } from './common.js';

/** Notes as vzdump's notes-template takes them: backslashes and newlines escaped. */
export const notesTemplate = (text: string) => text.replace(/\\/g, '\\\\').replace(/\r?\n/g, '\\n');

/** The notes a backup asks vzdump to write on its archive. */
const notesOf = (row: BackupRow) => row.description || row.name;

/** The archive a vzdump task wrote, from its log ("creating vzdump archive '…'"). */
export async function archiveOf(vm: Vm, upid: string): Promise<string | undefined> {
  const log = await vm.client.tasks.log(vm.node, upid);
  for (const l of log) {
    const m = /creating vzdump archive '([^']+)'/.exec(l.t);
    if (m) return m[1];
  }
  return undefined;
}

/**
 * The archive a failed backup left on the storage, if any: its vzdump task's own (`upid`), or else
 * the oldest archive of the VM made since the backup was asked for, bearing its notes, that no
 * other backup of the instance holds. It is recorded on the row, so the backup keeps counting
 * against the quota for what it occupies, and deleting it (or destroying the instance) removes it.
 */
export async function claimArchive(
  ctx: Context,
  vm: Vm,
  storage: string,
  row: BackupRow,
  opts: { upid?: string; content?: StorageContent[] } = {},
): Promise<StorageContent | null> {
  const content = opts.content ?? (await vm.client.backups.listContent(vm.node, storage, { vmid: vm.vmid }));
  // The task's log names it; when Proxmox will not show the log, the storage's list is searched.
  const named = opts.upid ? await archiveOf(vm, opts.upid).catch(() => undefined) : undefined;
  const held = new Set((await backups.list(ctx.db, row.instance_id)).map((b) => b.volid).filter(Boolean));
  const since = Math.floor(row.created_at.getTime() / 1000) - 5;
  const notes = notesOf(row);
  const found = named
    ? content.find((c) => c.volid === named)
    : content
        .filter((c) => !held.has(c.volid) && (c.ctime ?? 0) >= since)
        .filter((c) => c.notes === undefined || c.notes === notes || c.notes === notesTemplate(notes))
        .sort((a, b) => (a.ctime ?? 0) - (b.ctime ?? 0))[0];
  if (found) await backups.update(ctx.db, row.id, { volid: found.volid, size: found.size });
  return found ?? null;
}
