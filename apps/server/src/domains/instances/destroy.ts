import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { catalog } from '../catalog/index.js';
import { releaseAddress } from './addresses-repository.js';
import { attempt } from '../../infra/tasks/steps.js';
import { removeOurVm } from './vm.js';
import { startAction } from './actions.js';
import { durable, type BaseState } from './durable.js';
import { instanceEvents } from './events.js';
import { instances } from './repository.js';

/**
 * POST api/instance/destroy: the customer repeats the hostname (compared as typed, any case) so a
 * server is never destroyed by a stray click. The VM may already be gone (a failed reinstall):
 * destroying then only gives back the address.
 */
export async function startDestroy(ctx: Context, userId: number, id: number, hostname: string): Promise<number> {
  const instance = await instances.owned(ctx.db, userId, id);
  if (!instance) throw instanceNotFound();
  if (instance.hostname.toLowerCase() !== hostname.trim().toLowerCase()) {
    throw new AppError('parse_data_error', 400, { Hostname: 'hostname_mismatch' });
  }
  const task = await startAction<BaseState>(ctx, {
    userId,
    instanceId: id,
    kind: 'destroy',
    prepare: async (_tx, locked) => {
      if (locked.hostname !== instance.hostname)
        throw new AppError('parse_data_error', 400, { Hostname: 'hostname_mismatch' });
      return {};
    },
  });
  // Its consoles close now, not when the VM is gone.
  instanceEvents.destroyStarted(ctx, id);
  return task;
}

/**
 * Removes the VM with its disks (removal is idempotent: a VM already gone is done), then in one
 * transaction returns the address to the pool, frees the VMID (the (cluster, vmid) key), gives the
 * stock back and marks the instance destroyed with auto-renew off.
 */
export function destroyHandler(ctx: Context) {
  return durable<BaseState>(ctx, async (run) => {
    const { node, vmid } = run.vm;
    await run.save({}, 1);
    // Only a VM carrying this instance's marks is removed; another's at the VMID is left alone.
    const found = await attempt(run.signal, () => removeOurVm(run.cluster, node, vmid, run.instance.id));
    if (found === 'foreign')
      ctx.log.warn(
        { instance: run.instance.id, cluster: run.instance.cluster, vmid },
        "destroy left alone the VM at its VMID: it does not carry this instance's marks",
      );
    // Proxmox keeps backup archives after their VM is gone; a destroyed server keeps no data.
    for (const hook of instanceEvents.vmRemovedHooks) await attempt(run.signal, () => hook(ctx, run.instance));
    await run.succeed(2, async (tx) => {
      await releaseAddress(tx, run.instance.id);
      await catalog.returnStock(tx, run.instance.product_id);
      await instances.setDestroyed(tx, run.instance.id);
    });
    ctx.log.info({ instance: run.instance.id, vmid }, 'instance destroyed');
  });
}
