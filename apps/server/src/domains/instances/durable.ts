import { TASK_STATUS } from '@nimbus/contract';
import { OutcomeUnknownError, type TaskResult, type VmStatus } from '@nimbus/proxmox';
import { withTx, type Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import type { Patch } from '../../infra/tasks/steps.js';
import { marksOf, NotOursError, type Vm } from './vm.js';
import { vmPresence } from '../../infra/compute/marks.js';
import type { TaskHandler } from '../../infra/tasks/runner.js';
import { tasks, type TaskRow } from '../../infra/tasks/repository.js';
import { instances, type InstanceRow } from './repository.js';

/** The step every action task ends in when it fails (as deploy's step 5). */
export const ERROR_STEP = 5;

/** What every action task records besides its own checkpoints. */
export interface BaseState {
  /** Set once the action failed: the reason, while the failure is being handled. */
  failure?: string;
}

/** One run of an action task: its rows, its VM and the checkpoint writer. */
export interface Run<S extends BaseState> {
  ctx: Context;
  task: TaskRow;
  instance: InstanceRow;
  cluster: ClusterHandle;
  state: S;
  vm: Vm;
  signal: AbortSignal;
  /** Writes checkpoint fields (null removes one) and the step, then applies them to `state`. */
  save(patch: Patch<S>, step?: number): Promise<void>;
  /** Ends the task OK together with the database changes that make the action visible. */
  succeed(step: number, write?: (tx: Tx) => Promise<void>): Promise<void>;
}

/** What a failed action puts right in our records: no VM, as an abandoned task may have none to reach. */
export interface Settle<S extends BaseState> {
  ctx: Context;
  task: TaskRow;
  instance: InstanceRow;
  state: S;
  /** The task ran out of attempts: `undo` never ran, so the VM may still be as the steps left it. */
  abandoned: boolean;
}

/** How an action fails. */
export interface Failure<S extends BaseState> {
  /**
   * Puts the VM back before anything is given back, outside any transaction; throwing leaves the
   * task to be tried again (from here, not from the steps) until it runs out of attempts.
   */
  undo?: (run: Run<S>) => Promise<void>;
  /**
   * Puts our records right in the transaction that ends the task. Answering `{ ok: step }` says
   * the action turned out to be done after all (the task then ends OK at that step).
   */
  giveBack?: (s: Settle<S>, tx: Tx) => Promise<void | { ok: number }>;
}

/**
 * Task kinds not checked against the VM's marks first: destroy and reinstall check them themselves
 * (they remove only a VM of ours and go on without one); deleting a backup archive does not touch
 * the VM (and works when it is gone).
 */
const OWN_CHECK: ReadonlySet<string> = new Set(['destroy', 'recreate', 'backup_del']);

/** Throws NotOursError when the instance's VMID holds no VM, or one without this instance's marks. */
async function assertOurs<S extends BaseState>(run: Run<S>): Promise<void> {
  const found = await vmPresence(run.vm.client, run.vm.node, run.vm.vmid, marksOf(run.cluster, run.instance.id));
  if (found !== 'ours')
    throw new NotOursError(`VM ${run.vm.vmid} is ${found === 'missing' ? 'gone' : "not this instance's"}`);
}

/** Ends a failed task with `giveBack`'s verdict, once: a task already finished is left alone. */
async function settle<S extends BaseState>(s: Settle<S>, giveBack: Failure<S>['giveBack']): Promise<void> {
  await withTx(s.ctx.db, async (tx) => {
    const current = await tasks.get(tx, s.task.id);
    if (!current || current.status >= TASK_STATUS.ok) return;
    const verdict = await giveBack?.(s, tx);
    if (verdict) await tasks.finish(tx, s.task.id, { status: TASK_STATUS.ok, step: verdict.ok });
    else
      await tasks.finish(tx, s.task.id, {
        status: TASK_STATUS.error,
        step: ERROR_STEP,
        error: s.state.failure ?? null,
      });
  });
}

/**
 * Wraps an action's steps as a task handler: loads the task's instance and cluster, and on an
 * error (not an interruption, which resumes later) records the failure, runs `undo` and then
 * `giveBack`, and ends the task with Status 5. A worker that dies while giving back resumes there,
 * not in the steps. A task that runs out of attempts is given back without `undo`.
 */
export function durable<S extends BaseState>(
  ctx: Context,
  steps: (run: Run<S>) => Promise<void>,
  failure: Failure<S> = {},
): TaskHandler {
  const handler: TaskHandler = async (task, signal) => {
    const state = task.state as unknown as S;
    const instance = await instances.get(ctx.db, task.instance_id);
    const cluster = instance && ctx.compute?.cluster(instance.cluster);
    if (!instance || !cluster) throw new Error(`task ${task.id}: no instance or compute cluster`);
    const run: Run<S> = {
      ctx,
      task,
      instance,
      cluster,
      state,
      signal,
      vm: { client: cluster.client, node: instance.node!, vmid: instance.vmid! },
      async save(patch, step) {
        await tasks.progress(ctx.db, task.id, { step, state: patch });
        for (const [k, v] of Object.entries(patch)) {
          if (v === null) delete (state as Record<string, unknown>)[k];
          else Object.assign(state, { [k]: v });
        }
        if (step !== undefined) task.step = step;
      },
      async succeed(step, write) {
        await withTx(ctx.db, async (tx) => {
          await write?.(tx);
          await tasks.finish(tx, task.id, { status: TASK_STATUS.ok, step });
        });
      },
    };
    if (!state.failure) {
      try {
        // Never act on a VM that does not carry this instance's marks.
        if (!OWN_CHECK.has(task.kind)) await assertOurs(run);
        await steps(run);
        return;
      } catch (e) {
        if (signal.aborted) throw e;
        ctx.log.warn({ err: e, instance: instance.id, task: task.id, kind: task.kind }, 'instance action failed');
        await run.save({ failure: e instanceof Error ? e.message : String(e) } as Patch<S>);
        // Nothing was done to a VM that is not ours, and nothing may be undone on it.
        if (e instanceof NotOursError) {
          await settle({ ctx, task, instance, state, abandoned: false }, failure.giveBack);
          return;
        }
      }
    }
    await failure.undo?.(run);
    await settle({ ctx, task, instance, state, abandoned: false }, failure.giveBack);
  };
  handler.abandon = async (task, reason) => {
    const instance = await instances.get(ctx.db, task.instance_id);
    if (!instance) throw new Error(`task ${task.id}: no instance`);
    const state = { ...(task.state as unknown as S), failure: (task.state as BaseState).failure ?? reason };
    await settle({ ctx, task, instance, state, abandoned: true }, failure.giveBack);
  };
  return handler;
}

/**
 * Sends a task-creating call at most once per checkpoint key: a UPID recorded by an earlier run is
 * waited for instead of sending again, and a call whose answer was lost counts as done when
 * `reached` says the VM is already where the call would have taken it.
 */
export async function sendOnce<S extends BaseState>(
  run: Run<S>,
  key: keyof S & string,
  send: (opts: { onUpid: (upid: string) => void; signal: AbortSignal }) => Promise<TaskResult>,
  reached?: (st: VmStatus) => boolean,
): Promise<void> {
  const { client, node, vmid } = run.vm;
  const recorded = run.state[key] as unknown;
  if (typeof recorded === 'string' && recorded) {
    await client.waitTask(recorded.split(':')[1] ?? node, recorded, { signal: run.signal, timeoutMs: 30 * 60_000 });
    return;
  }
  if (reached && reached(await client.qemu.status(node, vmid, run.signal))) return;
  try {
    // Without the checkpoint a resumed run checks the VM's state instead of waiting for the UPID.
    const onUpid = (upid: string) => recordUpid(run, { [key]: upid } as Patch<S>);
    await send({ onUpid, signal: run.signal });
  } catch (e) {
    if (!(e instanceof OutcomeUnknownError) || !reached) throw e;
    if (!reached(await client.qemu.status(node, vmid, run.signal))) throw e;
  }
}

/**
 * Saves the checkpoint holding a Proxmox task id as soon as Proxmox answers, without holding up the
 * call that reported it. Nobody awaits the write, so its failure (the database gone for a moment,
 * or the pool closed while the worker stops) is logged here: a rejection nobody handles would end
 * the process. A run without the checkpoint finds its task again when it resumes.
 */
export function recordUpid<S extends object>(
  run: { ctx: Context; task: TaskRow; save(patch: Patch<S>): Promise<void> },
  patch: Patch<S>,
): void {
  run
    .save(patch)
    .catch((err: unknown) => run.ctx.log.warn({ err, task: run.task.id }, 'could not record a Proxmox task id'));
}

/** Where a VM's power stands, in the words the actions use. */
export type PowerState = 'running' | 'paused' | 'stopped';
export const powerState = (st: VmStatus): PowerState =>
  st.status !== 'running' ? 'stopped' : st.qmpstatus === 'paused' ? 'paused' : 'running';
