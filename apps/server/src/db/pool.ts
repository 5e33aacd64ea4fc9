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

/** Runs fn in a transaction, committing on success and rolling back on any error. */
export async function withTx<T>(db: Db, fn: (tx: Tx) => Promise<T>): Promise<T> {
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
