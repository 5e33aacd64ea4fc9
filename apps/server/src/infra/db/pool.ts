import pg from 'pg';

// bigint columns (ids, money) arrive as numbers: every amount and id we store fits in 2^53.
pg.types.setTypeParser(20, (v) => Number(v));

export type Db = pg.Pool;
export type Tx = pg.PoolClient;
export type Queryable = pg.Pool | pg.PoolClient;

/**
 * Opens a pool; statement timeouts keep a stuck query from holding a request forever. An idle
 * connection that breaks (a database restart, or the embedded cluster stopping while pg-pool is
 * still closing its clients) is reported, never allowed to crash the process.
 */
export function createPool(url: string, opts: { max?: number; onError?: (err: Error) => void } = {}): Db {
  const pool = new pg.Pool({
    connectionString: url,
    max: opts.max ?? 10,
    statement_timeout: 15_000,
    connectionTimeoutMillis: 10_000,
  });
  pool.on('error', (err) => opts.onError?.(err));
  return pool;
}

/** SQLSTATEs of a transaction PostgreSQL aborted to let another one through: worth running again. */
const RETRYABLE = new Set(['40P01' /* deadlock_detected */, '40001' /* serialization_failure */]);
const MAX_ATTEMPTS = 4;

const sqlState = (e: unknown) => (e as { code?: unknown } | null)?.code;

/**
 * Whether an error is pg-pool giving up on a free connection (connectionTimeoutMillis passed):
 * the database is busy, not broken, and the API answers 503 with Retry-After.
 */
export function poolExhausted(e: unknown): boolean {
  return e instanceof Error && e.message === 'timeout exceeded when trying to connect';
}

async function once<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  const tx = await db.connect();
  try {
    await tx.query('begin');
    const result = await fn(tx);
    await tx.query('commit');
    return result;
  } catch (e) {
    await tx.query('rollback').catch(() => undefined);
    throw e;
  } finally {
    tx.release();
  }
}

/**
 * Runs fn in a transaction, committing on success and rolling back on any error. A transaction
 * PostgreSQL aborted as a deadlock or serialization failure is run again from the start, a few
 * times, after a short random pause so that the contenders do not meet again; fn therefore does
 * nothing but database work (never a network call: see docs/security.md, "Money").
 */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await once(db, fn);
    } catch (e) {
      if (attempt >= MAX_ATTEMPTS || !RETRYABLE.has(String(sqlState(e)))) throw e;
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 25 * 2 ** attempt));
    }
  }
}

const SAVEPOINT_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * Runs fn inside a savepoint of the caller's transaction, so that part of the transaction can fail
 * without losing the rest. When fn succeeds the savepoint is released. When it throws an error that
 * `undoOn` accepts, the transaction is rolled back to the savepoint (fn's writes undone, the
 * transaction usable again) and the error is rethrown for the caller to handle; any other error is
 * rethrown untouched, and the whole transaction is lost as usual.
 */
export async function withSavepoint<T>(
  tx: Tx,
  name: string,
  fn: () => Promise<T>,
  undoOn: (e: unknown) => boolean,
): Promise<T> {
  if (!SAVEPOINT_NAME.test(name)) throw new Error(`not a savepoint name: ${name}`);
  await tx.query(`savepoint ${name}`);
  try {
    const result = await fn();
    await tx.query(`release savepoint ${name}`);
    return result;
  } catch (e) {
    if (undoOn(e)) await tx.query(`rollback to savepoint ${name}`);
    throw e;
  }
}

/** Rejects when the database cannot be reached. */
export async function ping(db: Queryable): Promise<void> {
  await db.query('select 1');
}
