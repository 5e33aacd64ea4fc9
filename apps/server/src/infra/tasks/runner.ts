import { TASK_STATUS } from '@nimbus/contract';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../db/pool.js';
import { withJobOrigin } from '../lib/request-context.js';
import type { Metrics } from '../metrics/metrics.js';
import { tasks, type TaskRow } from './repository.js';

export const TASK_QUEUE = 'instance-task';
// Advisory lock namespace of running tasks: (namespace, task id).
const LOCK_NS = 7_391_002;
/** How long a task may stay queued before the sweep sends its job again. */
export const QUEUED_RESEND_SECONDS = 60;

/**
 * Runs one kind of task from its checkpoints; must be safe to call again after a crash at any point.
 * `abandon` ends a task that ran out of attempts: it gives back what the task took (a charge, an
 * address) from our records alone, since the compute it needs may be what keeps failing, and fails it.
 */
export type TaskHandler = ((task: TaskRow, signal: AbortSignal) => Promise<void>) & {
  abandon?: (task: TaskRow, reason: string) => Promise<void>;
};

/** How tasks are retried and bounded (TASK_MAX_ATTEMPTS, TASK_RETRY_SECONDS, TASK_RUN_LIMIT). */
export interface TaskLimits {
  /** Runs a task may start before it is abandoned. */
  maxAttempts: number;
  /** The pause before a failed run is tried again, doubled for each further attempt. */
  retrySeconds: number;
  /** One run is interrupted after this long; it resumes from its checkpoints as another attempt. */
  runLimitSeconds: number;
}

/**
 * The job queue's expiry for tasks: a run is interrupted at the run limit and then needs a moment to
 * reach its next checkpoint (a Proxmox call without a signal waits up to 30 minutes), so pg-boss never
 * gives up on a job whose handler still runs, which would let the worker take one more job than its
 * concurrency.
 */
export const taskJobExpirySeconds = (limits: TaskLimits) => limits.runLimitSeconds + 3600;

/**
 * Executes instance tasks exactly one at a time each, across every process: a worker holds the
 * task's advisory lock on its own connection while it runs, so if the process dies the lock goes
 * with it, and the sweep hands the task to a live worker, which resumes from its checkpoints.
 */
export class TaskRunner {
  private readonly handlers = new Map<string, TaskHandler>();
  private readonly stopping = new AbortController();
  private readonly running = new Set<Promise<void>>();

  constructor(
    private readonly db: Db,
    private readonly lockUrl: () => pg.ClientConfig,
    private readonly log: Logger,
    private readonly limits: TaskLimits,
    private readonly metrics?: Metrics,
  ) {}

  register(kind: string, handler: TaskHandler): void {
    this.handlers.set(kind, handler);
  }

  /** The job handler: runs the task unless another worker holds it or it has finished. */
  async execute(taskId: number): Promise<void> {
    if (this.stopping.signal.aborted) return;
    const lock = new pg.Client(this.lockUrl());
    const lost = new AbortController();
    lock.on('error', (err) => {
      this.log.warn({ err: err.message, taskId }, 'lost the connection holding a task; it will resume elsewhere');
      lost.abort(err);
    });
    await lock.connect();
    const run = (async () => {
      try {
        const { rows } = await lock.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          LOCK_NS,
          taskId,
        ]);
        if (!rows[0]?.ok) return;
        await this.run(taskId, lost.signal);
      } finally {
        await lock.end().catch(() => undefined);
      }
    })();
    this.running.add(run);
    try {
      await run;
    } finally {
      this.running.delete(run);
    }
  }

  /**
   * One run of a task whose lock this worker holds. A run that throws (other than the worker
   * stopping) is left for the sweep to try again; the last allowed one, or a task found with no
   * attempt left (its worker died in the last), is abandoned instead.
   */
  private async run(taskId: number, lost: AbortSignal): Promise<void> {
    const found = await tasks.get(this.db, taskId);
    if (!found || found.status >= TASK_STATUS.ok) return;
    // The run's log lines name the request that started the task, on whichever worker it resumes.
    return withJobOrigin(found.request_id, () => this.attempt(found, lost));
  }

  private async attempt(found: TaskRow, lost: AbortSignal): Promise<void> {
    const taskId = found.id;
    const handler = this.handlers.get(found.kind);
    const out = `gave up after ${this.limits.maxAttempts} attempts`;
    if (found.attempts >= this.limits.maxAttempts) return this.abandon(handler, found, out);
    const task = (await tasks.begin(this.db, taskId))!;
    const deadline = AbortSignal.timeout(this.limits.runLimitSeconds * 1000);
    this.log.info({ taskId, kind: task.kind, attempt: task.attempts }, 'task run started');
    try {
      if (!handler) throw new Error(`no handler for task kind ${task.kind}`);
      await handler(task, AbortSignal.any([this.stopping.signal, lost, deadline]));
    } catch (e) {
      if (this.stopping.signal.aborted) {
        await tasks.forgiveAttempt(this.db, taskId);
        this.counted(task, 'interrupted');
        throw e;
      }
      if (task.attempts < this.limits.maxAttempts) {
        this.counted(task, 'retry');
        throw e;
      }
      this.log.error({ err: e, taskId, kind: task.kind }, `task ${out}`);
      // With the checkpoints this run saved (where the VM went, why it failed).
      await this.abandon(handler, (await tasks.get(this.db, taskId)) ?? task, out);
      return;
    }
    const after = await tasks.get(this.db, taskId);
    this.counted(
      task,
      after?.status === TASK_STATUS.error ? 'error' : after && after.status < TASK_STATUS.ok ? 'unfinished' : 'ok',
    );
  }

  /** Counts a run's outcome and logs its end. */
  private counted(task: TaskRow, outcome: 'ok' | 'error' | 'unfinished' | 'retry' | 'abandoned' | 'interrupted'): void {
    this.metrics?.taskRuns.inc({ kind: task.kind, outcome });
    this.log.info({ taskId: task.id, kind: task.kind, outcome }, 'task run ended');
  }

  private async abandon(handler: TaskHandler | undefined, task: TaskRow, reason: string): Promise<void> {
    if (handler?.abandon) await handler.abandon(task, reason);
    else await tasks.finish(this.db, task.id, { status: TASK_STATUS.error, step: 5, error: reason });
    this.log.warn({ taskId: task.id, kind: task.kind, instance: task.instance_id }, 'task abandoned');
    this.counted(task, 'abandoned');
  }

  /**
   * Unfinished tasks whose worker is gone (its lock is free): their ids, to be sent to the queue
   * again. A queued task is among them after QUEUED_RESEND_SECONDS: its job may have been taken by a
   * worker that died before it began the task (pg-boss keeps such a job active until its expiry,
   * hours away), or may simply still wait its turn, in which case the second job finds the task
   * begun or finished and does nothing. Each queued task is sent again at most once per period.
   */
  async orphans(): Promise<number[]> {
    const candidates = await tasks.stale(this.db, this.limits.retrySeconds, QUEUED_RESEND_SECONDS);
    if (!candidates.length) return [];
    const client = await this.db.connect();
    const free: number[] = [];
    try {
      for (const id of candidates) {
        const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [
          LOCK_NS,
          id,
        ]);
        if (!rows[0]?.ok) continue;
        await tasks.touchQueued(client, id);
        await client.query('select pg_advisory_unlock($1, $2)', [LOCK_NS, id]);
        free.push(id);
      }
    } finally {
      client.release();
    }
    return free;
  }

  /** Stops taking tasks and interrupts running ones at their next checkpoint; they resume after a restart. */
  async stop(): Promise<void> {
    this.stopping.abort(new Error('the server is stopping'));
    await Promise.allSettled([...this.running]);
  }
}
