import { createHmac, randomBytes } from 'node:crypto';
import type { Db } from '../db/pool.js';

const cache = new WeakMap<Db, Map<string, Promise<Buffer>>>();

/**
 * A key of the console's own (signing the sandbox gateway's links, keying the affiliate programme's
 * visitor hashes): derived from `configured` when the operator sets one, else from a random value
 * made once and kept in the database (app_secrets), so every replica uses the same. `purpose`
 * separates the keys derived from one stored value.
 */
export function appSecret(db: Db, name: string, purpose: string, configured?: string): Promise<Buffer> {
  let byName = cache.get(db);
  if (!byName) cache.set(db, (byName = new Map()));
  let secret = byName.get(name);
  if (!secret) {
    secret = load(db, name, configured).then((base) => createHmac('sha256', base).update(purpose).digest());
    byName.set(name, secret);
    secret.catch(() => byName.delete(name));
  }
  return secret;
}

async function load(db: Db, name: string, configured: string | undefined): Promise<Buffer> {
  if (configured) return Buffer.from(configured);
  const made = await db.query<{ value: Buffer }>(
    `with made as (insert into app_secrets (name, value) values ($1, $2) on conflict do nothing returning value)
     select value from made union all select value from app_secrets where name = $1 limit 1`,
    [name, randomBytes(32)],
  );
  if (made.rows[0]) return made.rows[0].value;
  // Two replicas' first start at once: the statement that lost the insert race sees no row in its
  // snapshot, so it reads the winner's afterwards.
  const { rows } = await db.query<{ value: Buffer }>('select value from app_secrets where name = $1', [name]);
  return rows[0]!.value;
}
