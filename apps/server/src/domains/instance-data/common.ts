import { OutcomeUnknownError, TaskFailedError, type ProxmoxClient } from '@nimbus/proxmox';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import type { ActionKind } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import {
  assertVmOurs,
  LIVE,
  startAction,
  durable,
  recordUpid,
  type BaseState,
  type Failure,
  instances,
  type InstanceRow,
} from '../instances/index.js';
import type { TaskHandler } from '../../infra/tasks/runner.js';
import { tasks, type TaskRow } from '../../infra/tasks/repository.js';
import { catalog } from '../catalog/index.js';
import { attempt, type Patch } from '../../infra/tasks/steps.js';

export { attempt };

/** A VM as the handlers address it. */
export interface Vm {
  client: ProxmoxClient;
  node: string;
  vmid: number;
}

/** The cluster of an instance; a missing one is a server misconfiguration, not the customer's fault. */
export function clusterOf(ctx: Context, instance: InstanceRow): ClusterHandle {
  const cluster = ctx.compute?.cluster(instance.cluster);
  if (!cluster) throw new Error(`no compute cluster ${instance.cluster}`);
  return cluster;
}

/**
 * One of the caller's instances whose VM a read may look at: another customer's id is 404
 * `instance_not_exist`, an instance without a running VM (creating, destroyed…, or a VM gone from its
 * cluster) is 409 `wrong_status`.
 */
export async function liveVm(ctx: Context, userId: number, id: number): Promise<{ instance: InstanceRow; vm: Vm }> {
  const instance = await instances.owned(ctx.db, userId, id);
  if (!instance) throw instanceNotFound();
  if (!LIVE.includes(instance.status) || !instance.vmid || !instance.node) throw new AppError('wrong_status', 409);
  const cluster = clusterOf(ctx, instance);
  const vm = { client: cluster.client, node: instance.node, vmid: instance.vmid };
  await assertVmOurs(cluster, vm.node, vm.vmid, instance.id);
  return { instance, vm };
}

/** What a handler works with: the task's checkpoints, a way to save more, the instance and its VM. */
export interface Job<S> {
  ctx: Context;
  task: TaskRow;
  state: S;
  save(patch: Patch<S>): Promise<void>;
  instance: InstanceRow;
  vm: Vm;
  signal: AbortSignal;
}

/**
 * Wraps an action's steps as a task handler on the lifecycle actions' `durable`: the task ends OK
 * when `run` returns; when it throws (other than the worker stopping, which resumes later) the
 * failure is recorded, `failure.undo` looks at the VM, `failure.giveBack` puts our records right
 * and the task ends in error. A worker that dies while undoing resumes there, not in the steps.
 */
export function actionHandler<S extends object>(
  ctx: Context,
  run: (job: Job<S>) => Promise<void>,
  failure: Failure<S & BaseState> = {},
): TaskHandler {
  return durable<S & BaseState>(
    ctx,
    async (r) => {
      await run(r);
      await r.succeed(0);
    },
    failure,
  );
}

/** The checkpoints `once` keeps for one task-creating call, under its own key. */
export interface Sent {
  /** Unix seconds just before the call was sent. */
  at: number;
  upid?: string;
}

/**
 * Sends a task-creating Proxmox call at most once per task and waits for its task: the UPID is
 * saved as soon as Proxmox answers, and after a crash or a lost answer the node's task list (same
 * VM and task type, started since the send) tells whether it was accepted, so it is never re-sent
 * blindly. `key` names the checkpoint; `type` is Proxmox's task type (vzdump, qmrollback…).
 */
export async function once<S extends object>(
  job: Job<S>,
  key: keyof S & string,
  type: string,
  send: (onUpid: (upid: string) => void) => Promise<unknown>,
  timeoutMs = 30 * 60_000,
): Promise<string> {
  const { vm, signal } = job;
  const wait = async (upid: string) => {
    await vm.client.waitTask(vm.node, upid, { timeoutMs, signal });
    return upid;
  };
  const found = async (since: number) => {
    const list = await vm.client.tasks.list(vm.node, { vmid: vm.vmid, typefilter: type, source: 'all', since });
    const t = list.filter((x) => x.type === type && x.starttime >= since).sort((a, b) => b.starttime - a.starttime)[0];
    if (t) await job.save({ [key]: { at: since, upid: t.upid } } as Patch<S>);
    return t?.upid;
  };
  const prior = job.state[key] as Sent | undefined;
  if (prior?.upid) return wait(prior.upid);
  if (prior) {
    const upid = await found(prior.at);
    if (upid) return wait(upid);
  }
  // Proxmox's clock and ours may differ by a little: look a few seconds back.
  const at = Math.floor(Date.now() / 1000) - 5;
  await job.save({ [key]: { at } } as Patch<S>);
  let upid: string | undefined;
  try {
    await send((u) => {
      upid = u;
      recordUpid(job, { [key]: { at, upid: u } } as Patch<S>);
    });
  } catch (e) {
    if (!(e instanceof OutcomeUnknownError) || upid) throw e;
    const late = await found(at);
    if (!late) throw e;
    return wait(late);
  }
  return upid ?? '';
}

/** Whether an error is Proxmox's task failing (as opposed to the call or our code). */
export const taskFailed = (e: unknown) => e instanceof TaskFailedError;

/** The instance's product quotas. */
export async function quotas(ctx: Context, productId: number): Promise<{ backups: number; snapshots: number }> {
  return catalog.quotasOf(ctx.db, productId);
}

/** After a restore or rollback: the VM running again if it was, and the instance available. */
export async function resumePower(job: Job<{ wasRunning?: boolean }>, ctx: Context): Promise<void> {
  const { vm, signal } = job;
  await vm.client.qemu.waitUnlocked(vm.node, vm.vmid, { timeoutMs: 10 * 60_000, signal });
  if (job.state.wasRunning) {
    const st = await vm.client.qemu.status(vm.node, vm.vmid);
    if (st.status !== 'running') await vm.client.qemu.power(vm.node, vm.vmid, 'start', {}, { signal });
  }
  if (job.instance.status === 'paused') await instances.setStatus(ctx.db, job.instance.id, 'available');
}

/** The newest task of an instance (0 without one): what changed if another task was started since. */
async function newestTask(db: Queryable, instanceId: number): Promise<number> {
  return tasks.newestOf(db, instanceId);
}

/**
 * Starts an action on the caller's instance (see startAction: 404 for another customer's, 409
 * `wrong_status` unless available or paused, one at a time) after `check` looked at the VM. The VM
 * is read with no transaction open (a Proxmox round trip holds no pooled connection and no lock);
 * the task is then created only if no other task of the instance was started since the read (else
 * `wrong_status`, as while one runs), so two requests cannot both pass a check such as a quota.
 */
export async function startOnVm<S extends object>(
  ctx: Context,
  userId: number,
  instanceId: number,
  kind: ActionKind,
  check: (vm: Vm, instance: InstanceRow) => Promise<S>,
): Promise<number> {
  const { instance, vm } = await liveVm(ctx, userId, instanceId);
  const seen = await newestTask(ctx.db, instance.id);
  const state = await check(vm, instance);
  return startAction(ctx, {
    userId,
    instanceId,
    kind,
    prepare: async (tx) => {
      if ((await newestTask(tx, instanceId)) !== seen) throw new AppError('wrong_status', 409);
      return state;
    },
  });
}
