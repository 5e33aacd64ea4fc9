import type { ActionKind } from '@nimbus/contract';
import { withTx, type Tx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { TASK_QUEUE } from '../../infra/tasks/runner.js';
import { tasks } from '../../infra/tasks/repository.js';
import { instances, type InstanceRow, type InstanceStatus } from './repository.js';

/** Instance statuses in which a VM exists and a customer may act on it. */
export const LIVE: readonly InstanceStatus[] = ['available', 'paused'];

/**
 * The one rule every customer action (tasks, power checks, consoles) goes by: the instance is in
 * one of `allowed`, has a VM, and is not suspended for an unpaid renewal; else `wrong_status`.
 */
export function assertActionable(instance: InstanceRow, allowed: readonly InstanceStatus[] = LIVE): void {
  if (instance.suspended_at || !allowed.includes(instance.status) || !instance.vmid || !instance.node) {
    throw new AppError('wrong_status', 409);
  }
}

export interface ActionRequest<S extends object> {
  userId: number;
  instanceId: number;
  kind: ActionKind;
  /** Statuses the instance must be in; anything else (or a suspended instance) is `wrong_status`. Default: LIVE. */
  allowed?: readonly InstanceStatus[];
  /**
   * Rows to lock before the instance, in the order a payment takes them (its invoice, then the
   * instance), for a `prepare` that changes them: taking them after would deadlock with a payment.
   */
  lockFirst?: (tx: Tx) => Promise<unknown>;
  /** More checks and writes inside the transaction (the instance row is locked): throw AppError to refuse. */
  prepare?: (tx: Tx, instance: InstanceRow) => Promise<S>;
  /** The task's initial state when there is no `prepare`. */
  state?: S;
}

/** Whether a query failed on the one-unfinished-task-per-instance index. */
function busy(e: unknown): boolean {
  return (e as { code?: string; constraint?: string }).constraint === 'tasks_one_unfinished_key';
}

/**
 * Starts an action on one of the caller's instances as a durable task and returns its id. Another
 * customer's instance is "not found"; a status that forbids the action, or another task still
 * running on the instance, is `wrong_status` (409). The job is sent in the same transaction as the
 * task, so it exists exactly when the task does; the handler registered for `kind` runs it.
 */
export async function startAction<S extends object>(ctx: Context, req: ActionRequest<S>): Promise<number> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('instance actions need the job queue');
  let taskId: number;
  try {
    taskId = await withTx(ctx.db, async (tx) => {
      await req.lockFirst?.(tx);
      const instance = await instances.lockOwned(tx, req.userId, req.instanceId);
      if (!instance) throw instanceNotFound();
      assertActionable(instance, req.allowed);
      const state = req.prepare ? await req.prepare(tx, instance) : (req.state ?? ({} as S));
      const task = await tasks.create(tx, { instanceId: instance.id, userId: req.userId, kind: req.kind, state });
      await jobs.send(tx, TASK_QUEUE, { taskId: task.id });
      return task.id;
    });
  } catch (e) {
    if (busy(e)) throw new AppError('wrong_status', 409);
    throw e;
  }
  jobs.wake(TASK_QUEUE);
  return taskId;
}
