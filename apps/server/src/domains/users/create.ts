import { randomBytes } from 'node:crypto';
import type { Tx } from '../../infra/db/pool.js';
import { AppError } from '../../infra/lib/errors.js';
import { hashPassword } from '../../infra/lib/passwords.js';
import { users, type UserRow } from './repository.js';

export interface NewUser {
  email: string;
  /** Null for an account made through a third-party login: it signs in there until it sets one. */
  password: string | null;
  currency: string;
  referredByCode?: string;
  firstName?: string;
  lastName?: string;
}

const AFF_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

function affCode(): string {
  return Array.from(randomBytes(8), (b) => AFF_ALPHABET[b % AFF_ALPHABET.length]).join('');
}

/** Creates an account inside tx; an address already taken is email_exist. */
export async function createUser(tx: Tx, u: NewUser): Promise<UserRow> {
  const referrer = u.referredByCode ? await users.byAffCode(tx, u.referredByCode) : undefined;
  const passwordHash = u.password === null ? null : await hashPassword(u.password);
  try {
    return await users.insert(tx, {
      email: u.email,
      passwordHash,
      currency: u.currency,
      affCode: affCode(),
      referredBy: referrer?.id,
      firstName: u.firstName,
      lastName: u.lastName,
    });
  } catch (e) {
    if ((e as { constraint?: string }).constraint === 'users_email_key') throw new AppError('email_exist', 409);
    throw e;
  }
}
