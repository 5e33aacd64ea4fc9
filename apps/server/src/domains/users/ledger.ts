import type { Tx } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import { renderLine, type Line } from './lines.js';
import { ledger, type LedgerKind, users } from './repository.js';

export type { LedgerKind };

/**
 * Moves a user's balance by amount (minor units) and records it, inside the caller's transaction.
 * The user's row lock (users.lock, which foreign-key share locks do not block) serialises concurrent
 * changes; a change that would go below zero is refused
 * (except money a gateway takes back: mayOwe). The
 * note is a line (`line('deploy_charge', { … })`, read in each reader's language) or free text.
 */
export async function post(
  tx: Tx,
  userId: number,
  kind: LedgerKind,
  amount: number,
  note: Line | string,
  opts: { mayOwe?: boolean } = {},
): Promise<number> {
  if (!Number.isSafeInteger(amount)) throw new Error('ledger amounts are integers in minor units');
  const row = await users.lock(tx, userId);
  if (!row) throw new AppError('user_not_exist', 404);
  const after = row.balance + amount;
  // Money taken back by a gateway (a refund, a chargeback) may leave a debt; nothing else may, and
  // while there is one every charge is refused. A credit is always taken (it pays the debt first).
  if (amount < 0 && after < 0 && !opts.mayOwe) throw new AppError('balance_not_enough', 409);
  await users.setBalance(tx, userId, after);
  await ledger.insert(tx, {
    userId,
    kind,
    amount,
    balanceAfter: after,
    currency: row.currency,
    ...(typeof note === 'string' ? { note, noteData: null } : { note: renderLine(note, 'en_US'), noteData: note }),
  });
  return after;
}
