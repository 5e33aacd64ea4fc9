import { randomBytes } from 'node:crypto';
import { withTx, type Db } from '../../infra/db/pool.js';
import { createUser } from './create.js';
import { post } from './ledger.js';
import { users } from './repository.js';
import { line } from './lines.js';

export const DEMO_EMAIL = 'demo@example.com';

/**
 * On a database with no accounts, creates a demo customer and returns its credentials. Two replicas
 * starting together take turns on an advisory lock and count again inside it, so only the first
 * makes the account (and prints its password); the other answers null.
 */
export async function ensureDemoAccount(db: Db, currency: string): Promise<{ email: string; password: string } | null> {
  if ((await users.count(db)) > 0) return null;
  const password = randomBytes(12).toString('base64url');
  const made = await withTx(db, async (tx) => {
    await users.lockDemo(tx);
    if ((await users.count(tx)) > 0) return false;
    const user = await createUser(tx, {
      email: DEMO_EMAIL,
      password,
      currency,
      firstName: 'Demo',
      lastName: 'Customer',
    });
    await post(tx, user.id, 'adjustment', 10_000, line('demo_credit'));
    return true;
  });
  return made ? { email: DEMO_EMAIL, password } : null;
}
