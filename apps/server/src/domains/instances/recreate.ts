import type { RecreateBody } from '@nimbus/contract';
import type { z } from 'zod';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { catalog } from '../catalog/index.js';
import { sshKeys } from '../keys/index.js';
import { configure, firewall } from './vm-config.js';
import { tasks } from '../../infra/tasks/repository.js';
import { attempt } from '../../infra/tasks/steps.js';
import { ensureVm, removeOurVm, type DeployState } from './vm.js';
import { LIVE, startAction } from './actions.js';
import { durable, powerState, sendOnce, type BaseState } from './durable.js';
import { instances } from './repository.js';

/**
 * The checkpoints of a reinstall. It reuses deploy's clone and configuration steps on the same
 * node and VMID, so `DeployState`'s fields keep their meaning; the password leaves the state once
 * it is configured.
 */
export interface RecreateState extends BaseState, DeployState {
  imageId: number;
  username: string;
  start: boolean;
  /** The old VM is gone (so an existing VM with this VMID is the new clone). */
  removed?: boolean;
  startUpid?: string;
}

/** Steps of a reinstall as api/instance/task/get reports them. */
export const RECREATE_STEP = { removing: 1, cloning: 2, configuring: 3, starting: 4 } as const;

/**
 * api/instance/recreate (docs/product/instances.md#reinstall-specs-recreate): reinstalls the
 * instance from one of its product's images with new credentials (the password, and the caller's
 * stored SSH keys chosen), keeping its VMID, address and size. The instance is 'recreating' until
 * the task ends.
 */
export async function startRecreate(
  ctx: Context,
  userId: number,
  body: z.output<typeof RecreateBody>,
): Promise<number> {
  const owned = await instances.owned(ctx.db, userId, body.Id);
  if (!owned) throw instanceNotFound();
  const image = (await catalog.images(ctx.db, owned.product_id)).find((m) => m.id === body.TemplateId);
  if (!image) throw new AppError('parse_data_error', 400, { TemplateId: 'invalid_value' });
  const product = await catalog.product(ctx.db, owned.product_id);
  if (!product) throw new AppError('get_product_error', 404);
  const cluster = ctx.compute?.cluster(owned.cluster);
  if (!cluster || cluster.config.templates[image.code] === undefined) throw new AppError('invalid_option', 409);
  const keys = await sshKeys.publicKeys(ctx.db, userId, body.SSHKeyIds);
  const nameservers = cluster.config.ipPools.find((p) => p.gateway === owned.gateway)?.nameservers ?? [];
  return startAction<RecreateState>(ctx, {
    userId,
    instanceId: body.Id,
    kind: 'recreate',
    allowed: LIVE,
    prepare: async (tx, instance) => {
      await instances.setStatus(tx, instance.id, 'recreating');
      return {
        image: image.code,
        imageId: image.id,
        username: body.Username,
        password: body.Password,
        start: body.Start,
        cores: product.cores,
        memoryMb: product.memory_mb,
        diskGb: product.disk_gb,
        sshKeys: keys,
        nameservers,
        charged: 0,
        node: instance.node!,
        vmid: instance.vmid!,
      };
    },
  });
}

/**
 * Removes the old VM, clones the new image into the same VMID, configures it like a deploy (size,
 * address, cloud-init user and password, firewall) and starts it if asked. Success stores the new
 * image and user and makes the instance 'available'.
 *
 * On failure the task ends with Status 5 and the instance goes back to 'available' whatever step
 * failed, so the customer can reinstall again (a reinstall rebuilds the VM whether or not the old
 * one was removed) or destroy it; while the VM is missing, power actions answer `wrong_status`.
 */
export function recreateHandler(ctx: Context) {
  return durable<RecreateState>(
    ctx,
    async (run) => {
      const { state, cluster, signal } = run;
      const vm = run.vm;
      const instance = { ...run.instance, username: state.username };
      if (!state.removed) {
        await run.save({}, RECREATE_STEP.removing);
        // Only a VM carrying this instance's marks is removed; with another's at the VMID the
        // clone below refuses to adopt it and the reinstall fails.
        await attempt(signal, () => removeOurVm(cluster, vm.node, vm.vmid, instance.id));
        await run.save({ removed: true });
      }
      if (run.task.step <= RECREATE_STEP.cloning) {
        await run.save({}, RECREATE_STEP.cloning);
        await attempt(signal, () => ensureVm(ctx, cluster, instance, state, (p) => run.save(p), signal));
      }
      if (run.task.step <= RECREATE_STEP.configuring) {
        await run.save({}, RECREATE_STEP.configuring);
        const mac = await attempt(signal, () => configure(vm, instance, state, cluster));
        if (mac) await instances.place(ctx.db, instance.id, { mac });
        await attempt(signal, () => firewall(vm, instance));
        await run.save({ password: null });
      }
      await run.save({}, RECREATE_STEP.starting);
      if (state.start) {
        await sendOnce(
          run,
          'startUpid',
          (opts) => vm.client.qemu.power(vm.node, vm.vmid, 'start', {}, opts),
          (st) => powerState(st) !== 'stopped',
        );
      }
      await run.succeed(RECREATE_STEP.starting, async (tx) => {
        await instances.setReinstalled(tx, instance.id, state.imageId, state.username);
      });
      ctx.log.info({ instance: instance.id, image: state.image }, 'instance reinstalled');
    },
    {
      giveBack: async (run, tx) => {
        await tasks.dropPassword(tx, run.task.id);
        await instances.setStatus(tx, run.instance.id, 'available');
      },
    },
  );
}
