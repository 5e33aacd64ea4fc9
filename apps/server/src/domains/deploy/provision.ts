import { DEPLOY_STEP, TASK_STATUS } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import { attempt, type Patch } from '../../infra/tasks/steps.js';
import type { Context } from '../../infra/lib/context.js';
import { invoices } from '../billing/index.js';
import { catalog } from '../catalog/index.js';
import {
  instances,
  type InstanceRow,
  releaseAddress,
  ensureVm,
  removeOurVm,
  type Vm,
  configure,
  firewall,
  type DeployState,
} from '../instances/index.js';
import { promotions } from '../promotions/index.js';
import { tasks, type TaskRow } from '../../infra/tasks/repository.js';
import type { TaskHandler } from '../../infra/tasks/runner.js';
import { post, line } from '../users/index.js';

/**
 * The deploy task (docs/product/deploy.md#the-deploy-task): cloning → configuring → firewall →
 * starting → OK, or the error step with the charge refunded, the address returned and no VM left in
 * Proxmox. Each step records its checkpoint first, so a worker that dies anywhere is resumed by
 * another without repeating what finished: the clone is only sent when the VM does not exist,
 * configuration is idempotent.
 */
export function deployHandler(ctx: Context): TaskHandler {
  const handler: TaskHandler = async (task, signal) => {
    const state = task.state as unknown as DeployState;
    // Checkpoints are written first, then applied to the one state object every step reads.
    const save = async (patch: Patch<DeployState>, step?: number) => {
      await tasks.progress(ctx.db, task.id, { step, state: patch });
      for (const [k, v] of Object.entries(patch)) {
        if (v === null) delete (state as unknown as Record<string, unknown>)[k];
        else Object.assign(state, { [k]: v });
      }
    };
    const instance = (await instances.get(ctx.db, task.instance_id))!;
    const cluster = ctx.compute?.cluster(instance.cluster);
    if (!cluster) throw new Error(`no compute cluster ${instance.cluster}`);
    const vm = (): Vm => ({ client: cluster.client, node: state.node!, vmid: state.vmid! });
    if (!state.failure) {
      try {
        if (task.step <= DEPLOY_STEP.cloning) {
          await save({}, DEPLOY_STEP.cloning);
          await attempt(signal, async () => {
            const placed = await ensureVm(ctx, cluster, instance, state, save, signal);
            await instances.place(ctx.db, instance.id, placed);
          });
        }
        if (task.step <= DEPLOY_STEP.configuring) {
          await save({}, DEPLOY_STEP.configuring);
          const mac = await attempt(signal, () => configure(vm(), instance, state, cluster));
          if (mac) await instances.place(ctx.db, instance.id, { mac });
          await save({ password: null });
        }
        if (task.step <= DEPLOY_STEP.firewall) {
          await save({}, DEPLOY_STEP.firewall);
          await attempt(signal, () => firewall(vm(), instance));
        }
        await save({}, DEPLOY_STEP.starting);
        await attempt(signal, async () => {
          const st = await cluster.client.qemu.status(state.node!, state.vmid!);
          if (state.start !== false && st.status !== 'running') {
            await cluster.client.qemu.power(state.node!, state.vmid!, 'start');
          }
        });
        await withTx(ctx.db, async (tx) => {
          await instances.setStatus(tx, instance.id, 'available');
          await promotions.confirmUse(tx, instance.id);
          await tasks.finish(tx, task.id, { status: TASK_STATUS.ok, step: DEPLOY_STEP.starting });
        });
        ctx.log.info({ instance: instance.id, vmid: state.vmid }, 'instance deployed');
        return;
      } catch (e) {
        if (signal.aborted) throw e;
        ctx.log.warn({ err: e, instance: instance.id, task: task.id }, 'deploy failed; giving back');
        await save({ failure: e instanceof Error ? e.message : String(e), password: null });
      }
    }
    await giveBack(ctx, task, instance, state, signal);
  };
  // Out of attempts (its cluster unreachable or gone): given back from our records alone.
  handler.abandon = async (task, reason) => {
    const instance = (await instances.get(ctx.db, task.instance_id))!;
    const state = task.state as unknown as DeployState;
    if (state.vmid)
      ctx.log.error(
        { instance: instance.id, cluster: instance.cluster, node: state.node, vmid: state.vmid },
        'deploy abandoned: its VM, if Proxmox made it, is left for the operator to remove',
      );
    await giveBackRecords(ctx, task, instance, { ...state, failure: state.failure ?? reason });
  };
  return handler;
}

/**
 * A failed deploy: the VM is removed (only if it carries this instance's marks: a VM another
 * installation or a person made at the VMID is left alone), then the charge, stock, address and
 * promotion are given back.
 */
async function giveBack(
  ctx: Context,
  task: TaskRow,
  instance: InstanceRow,
  state: DeployState,
  signal: AbortSignal,
): Promise<void> {
  const cluster = ctx.compute?.cluster(instance.cluster);
  if (cluster && state.node && state.vmid) {
    const found = await attempt(signal, () => removeOurVm(cluster, state.node!, state.vmid!, instance.id), 5);
    if (found === 'foreign')
      ctx.log.warn(
        { instance: instance.id, cluster: instance.cluster, vmid: state.vmid },
        "a failed deploy left alone the VM at its VMID: it does not carry this instance's marks",
      );
  }
  await giveBackRecords(ctx, task, instance, state);
}

/** The charge, stock, address, VMID and promotion of a failed deploy given back; the task ends in error. */
async function giveBackRecords(ctx: Context, task: TaskRow, instance: InstanceRow, state: DeployState): Promise<void> {
  await withTx(ctx.db, async (tx) => {
    const current = await tasks.get(tx, task.id);
    if (!current || current.status >= TASK_STATUS.ok) return;
    // Refunded only with the invoice's cancellation: an operator may have refunded it already.
    if ((await invoices.cancelForInstance(tx, instance.id)) && state.charged > 0)
      await post(
        tx,
        instance.user_id,
        'refund',
        state.charged,
        line('deploy_refund', { hostname: instance.hostname, instance: instance.id }),
      );
    await catalog.returnStock(tx, instance.product_id);
    await releaseAddress(tx, instance.id);
    await instances.releasePlacement(tx, instance.id);
    await promotions.releaseUse(tx, instance.id);
    await instances.setStatus(tx, instance.id, 'cancelled');
    await tasks.finish(tx, task.id, {
      status: TASK_STATUS.error,
      step: DEPLOY_STEP.error,
      error: state.failure ?? null,
    });
  });
}
