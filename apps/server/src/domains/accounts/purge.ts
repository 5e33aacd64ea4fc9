import type { Queryable } from '../../infra/db/pool.js';
import { expired, EXPIRED_KINDS, type ExpiredKind } from './repository.js';

/** Deletes expired sessions, old idempotency keys and spent codes; answers how many rows of each went. */
export async function purgeExpired(db: Queryable): Promise<Record<ExpiredKind, number>> {
  const removed = {} as Record<ExpiredKind, number>;
  for (const kind of EXPIRED_KINDS) removed[kind] = await expired.purge(db, kind);
  return removed;
}
