import { TASK_STATUS } from '@nimbus/contract';
import pg from 'pg';
import type { Logger } from 'pino';
import type { Db } from '../../db/pool.js';
import { tasks, type TaskRow } from './repository.js';

export const TASK_QUEUE = 'instance-task';
// Advisory lock namespace of running tasks: (namespace, task id).
const LOCK_NS = 7_391_002;

/** Runs one kind of task from its checkpoints; must be safe to call again after a crash at any point. */
export type TaskHandler = (task: TaskRow, signal: AbortSignal) => Promise<void>;

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
        const task = await tasks.get(this.db, taskId);
        if (!task || task.status >= TASK_STATUS.ok) return;
        const handler = this.handlers.get(task.kind);
        if (!handler) throw new Error(`no handler for task kind ${task.kind}`);
        if (task.status === TASK_STATUS.pending) await tasks.progress(this.db, taskId, { status: TASK_STATUS.running });
        await handler(task, AbortSignal.any([this.stopping.signal, lost.signal]));
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

  /** Unfinished tasks whose worker is gone (its lock is free): their ids, to be sent to the queue again. */
  async orphans(): Promise<number[]> {
    const candidates = await tasks.stale(this.db, 5, 600);
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
