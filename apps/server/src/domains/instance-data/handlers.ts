import type { Context } from '../../infra/lib/context.js';
import type { TaskRunner } from '../../infra/tasks/runner.js';
import { backupAddHandler, backupDeleteHandler, backupRestoreHandler } from './backups.js';
import { firewallHandler } from './firewall.js';
import { snapshotAddHandler, snapshotDeleteHandler, snapshotRestoreHandler } from './snapshots.js';

/** The task handlers of the firewall, backup and snapshot actions. */
export function registerInstanceDataHandlers(runner: TaskRunner, ctx: Context): void {
  runner.register('firewall', firewallHandler(ctx));
  runner.register('backup_add', backupAddHandler(ctx));
  runner.register('backup_restore', backupRestoreHandler(ctx));
  runner.register('backup_del', backupDeleteHandler(ctx));
  runner.register('snapshot_add', snapshotAddHandler(ctx));
  runner.register('snapshot_restore', snapshotRestoreHandler(ctx));
  runner.register('snapshot_del', snapshotDeleteHandler(ctx));
}
