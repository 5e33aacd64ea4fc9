import { createHash } from 'node:crypto';
import { parsePublicKey, SSH_KEY, type SshKey, type SshKeyAddBody, type SshKeySetBody } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { DUPLICATE_KEY_CONSTRAINT, sshKeys, type SshKeyRow, type SshKeyValues } from './repository.js';

/** The fingerprint OpenSSH prints (`ssh-keygen -l`): SHA-256 of the key blob, unpadded base64. */
export function fingerprintOf(blob: Uint8Array): string {
  return `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;
}

function toSshKey(row: SshKeyRow): SshKey {
  return {
    Id: row.id,
    Name: row.name,
    PublicKey: row.public_key,
    Fingerprint: row.fingerprint,
    CreatedAt: row.created_at.toISOString(),
  };
}

function valuesOf(body: SshKeyAddBody): SshKeyValues {
  const key = parsePublicKey(body.PublicKey);
  if (!key) throw badRequest({ PublicKey: 'invalid_public_key' });
  return { name: body.Name, publicKey: body.PublicKey, fingerprint: fingerprintOf(key.blob) };
}

/** Runs a write, answering the same key stored twice as a field error rather than a 500. */
async function unlessDuplicate<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (e) {
    if ((e as { constraint?: string }).constraint === DUPLICATE_KEY_CONSTRAINT) {
      throw badRequest({ PublicKey: 'duplicate_key' });
    }
    throw e;
  }
}

// Another customer's key is "not found", exactly like a key that never existed.
const notFound = () => new AppError('db_no_record', 404);

export async function listKeys(ctx: Context, userId: number): Promise<SshKey[]> {
  return (await sshKeys.list(ctx.db, userId)).map(toSshKey);
}

/** Adds a key, at most SSH_KEY.maxPerUser per customer (409 invalid_option beyond). */
export async function addKey(ctx: Context, userId: number, body: SshKeyAddBody): Promise<SshKey> {
  const values = valuesOf(body);
  const row = await unlessDuplicate(() =>
    withTx(ctx.db, async (tx) => {
      if ((await sshKeys.countLocked(tx, userId)) >= SSH_KEY.maxPerUser) throw new AppError('invalid_option', 409);
      return sshKeys.insert(tx, userId, values);
    }),
  );
  return toSshKey(row);
}

export async function setKey(ctx: Context, userId: number, body: SshKeySetBody): Promise<SshKey> {
  const values = valuesOf(body);
  const row = await unlessDuplicate(() => sshKeys.update(ctx.db, userId, body.Id, values));
  if (!row) throw notFound();
  return toSshKey(row);
}

export async function deleteKey(ctx: Context, userId: number, id: number): Promise<void> {
  if (!(await sshKeys.delete(ctx.db, userId, id))) throw notFound();
}
