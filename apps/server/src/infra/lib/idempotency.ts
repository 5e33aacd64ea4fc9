import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Queryable, Tx } from '../db/pool.js';
import { AppError } from './errors.js';

/** The optional Idempotency-Key header of mutations that create resources or move money. */
export const IdempotencyHeaders = z.looseObject({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .regex(/^[\x21-\x7e]{1,255}$/, { error: 'invalid_value' })
    .optional()
    .describe('Any unique string (a UUID): a retry with the same key and body gets the first answer again.'),
});

/**
 * The request's Idempotency-Key, as IdempotencyHeaders checked it, or undefined without one: the
 * one place routes read it.
 */
export function idempotencyKeyOf(req: FastifyRequest): string | undefined {
  const key = req.headers[IDEMPOTENCY_HEADER];
  return typeof key === 'string' ? key : undefined;
}

const keyError = (reason: string) => new AppError('parse_data_error', 400, { [IDEMPOTENCY_HEADER]: reason });

/** Whose keys: a customer's (idempotency_keys) or an operator token's (staff_idempotency_keys). */
const TABLES = {
  user: { table: 'idempotency_keys', owner: 'user_id' },
  staff: { table: 'staff_idempotency_keys', owner: 'staff_token_id' },
} as const;

/**
 * Runs `fn` at most once per (customer or operator token, route, key), inside the caller's
 * transaction: a repeat with the same body answers what the first answered (waiting for it if it
 * is still running); a repeat with another body is refused. Without a key, `fn` just runs.
 */
export async function idempotent<T>(
  tx: Tx,
  opts: ({ userId: number } | { staffTokenId: number }) & { route: string; key: string | undefined; body: unknown },
  fn: () => Promise<T>,
): Promise<T> {
  if (opts.key === undefined) return fn();
  const { table, owner } = 'userId' in opts ? TABLES.user : TABLES.staff;
  const ownerId = 'userId' in opts ? opts.userId : opts.staffTokenId;
  const hash = createHash('sha256').update(JSON.stringify(opts.body)).digest();
  const claimed = await tx.query(
    `insert into ${table} (${owner}, route, key, request_hash, response) values ($1, $2, $3, $4, 'null')
     on conflict do nothing`,
    [ownerId, opts.route, opts.key, hash],
  );
  if (claimed.rowCount === 1) {
    const result = await fn();
    await tx.query(`update ${table} set response = $4 where ${owner} = $1 and route = $2 and key = $3`, [
      ownerId,
      opts.route,
      opts.key,
      JSON.stringify(result),
    ]);
    return result;
  }
  const { rows } = await tx.query<{ request_hash: Buffer; response: T }>(
    `select request_hash, response from ${table} where ${owner} = $1 and route = $2 and key = $3`,
    [ownerId, opts.route, opts.key],
  );
  const row = rows[0];
  if (!row || !row.request_hash.equals(hash)) throw keyError('key_reused');
  return row.response;
}

/**
 * Releases a customer's key whose work was undone after its transaction committed (a gateway that
 * refused the checkout of a payment already recorded), so a retry with the same key runs afresh.
 */
export async function forgetKey(db: Queryable, opts: { userId: number; route: string; key: string | undefined }) {
  if (opts.key === undefined) return;
  await db.query(`delete from ${TABLES.user.table} where user_id = $1 and route = $2 and key = $3`, [
    opts.userId,
    opts.route,
    opts.key,
  ]);
}
