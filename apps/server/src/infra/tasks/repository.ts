import type { Queryable } from '../db/pool.js';
import { currentRequestId } from '../lib/request-context.js';
import { marshalConfig } from '../lib/stored-config.js';

export interface TaskRow<S = Record<string, unknown>> {
  id: number;
  instance_id: number;
  user_id: number;
  kind: string;
  status: number;
  step: number;
  state: S;
  error: string | null;
  /** Runs started that did not end in a graceful stop (see TaskRunner). */
  attempts: number;
  /** The API request that started the task (its X-Request-Id), bound to the worker's log lines. */
  request_id: string | null;
  created_at: Date;
  updated_at: Date;
  finished_at: Date | null;
}

export const tasks = {
  /** Creates a task; made while serving a request, it keeps that request's id. */
  async create(
    db: Queryable,
    t: { instanceId: number; userId: number; kind: string; state: object },
  ): Promise<TaskRow> {
    const { rows } = await db.query<TaskRow>(
      'insert into tasks (instance_id, user_id, kind, state, request_id) values ($1, $2, $3, $4, $5) returning *',
      [t.instanceId, t.userId, t.kind, marshalConfig(t.state), currentRequestId() ?? null],
    );
    return rows[0]!;
  },
  async get(db: Queryable, id: number): Promise<TaskRow | null> {
    return (await db.query<TaskRow>('select * from tasks where id = $1', [id])).rows[0] ?? null;
  },
  /** The task of a customer's instance; another customer's ids find nothing. */
  async owned(db: Queryable, userId: number, instanceId: number, taskId: number): Promise<TaskRow | null> {
    const { rows } = await db.query<TaskRow>(
      'select * from tasks where id = $1 and instance_id = $2 and user_id = $3',
      [taskId, instanceId, userId],
    );
    return rows[0] ?? null;
  },
  /** Records progress: the step reached and checkpoint fields merged into state (null removes a field). */
  async progress(db: Queryable, id: number, p: { status?: number; step?: number; state?: object }): Promise<void> {
    await db.query(
      `update tasks set status = coalesce($2, status), step = coalesce($3, step),
         state = jsonb_strip_nulls(state || $4::jsonb), updated_at = now()
       where id = $1`,
      [id, p.status ?? null, p.step ?? null, marshalConfig(p.state ?? {})],
    );
  },
  async finish(db: Queryable, id: number, f: { status: number; step: number; error?: string | null }): Promise<void> {
    await db.query(
      `update tasks set status = $2, step = $3, error = $4, updated_at = now(), finished_at = now() where id = $1`,
      [id, f.status, f.step, f.error ?? null],
    );
  },
  /** A worker starts a run of an unfinished task: one more attempt, and the task is running. */
  async begin(db: Queryable, id: number): Promise<TaskRow | null> {
    const { rows } = await db.query<TaskRow>(
      `update tasks set attempts = attempts + 1, status = 1, updated_at = now() where id = $1 and status < 2
       returning *`,
      [id],
    );
    return rows[0] ?? null;
  },
  /** A run ended by the worker stopping (a restart, a deploy of the console) was not the task's fault. */
  async forgiveAttempt(db: Queryable, id: number): Promise<void> {
    await db.query('update tasks set attempts = greatest(attempts - 1, 0) where id = $1 and status < 2', [id]);
  },
  /**
   * Unfinished tasks nobody has touched for a while: candidates for the orphan sweep. A running task
   * is due `retrySeconds` after its last change, doubled for each attempt after the first (at most
   * 10 minutes), so a task that keeps failing is not hammered every few seconds.
   */
  async stale(db: Queryable, retrySeconds: number, queuedSeconds: number): Promise<number[]> {
    const { rows } = await db.query<{ id: number }>(
      `select id from tasks
       where (status = 1 and updated_at < now()
                - make_interval(secs => least($1 * power(2, greatest(attempts - 1, 0)), 600)))
          or (status = 0 and updated_at < now() - make_interval(secs => $2))
       order by id limit 100`,
      [retrySeconds, queuedSeconds],
    );
    return rows.map((r) => r.id);
  },
  /** Restarts a queued task's wait before the sweep sends its job again (a begun task is left alone). */
  async touchQueued(db: Queryable, id: number): Promise<void> {
    await db.query('update tasks set updated_at = now() where id = $1 and status = 0', [id]);
  },
  /** Forgets the password a task's state kept (its step is over, or given back). */
  async dropPassword(tx: Queryable, id: number): Promise<void> {
    await tx.query(`update tasks set state = state - 'password' where id = $1`, [id]);
  },
  /** The newest task of an instance (0 without one). */
  async newestOf(db: Queryable, instanceId: number): Promise<number> {
    const { rows } = await db.query<{ id: number }>(
      'select coalesce(max(id), 0)::bigint as id from tasks where instance_id = $1',
      [instanceId],
    );
    return rows[0]!.id;
  },
};
