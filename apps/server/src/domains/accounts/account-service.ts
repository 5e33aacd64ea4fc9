import { sessionEvents } from './session-events.js';
import type { Preferences, Profile, SessionUser } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import type { Caller, Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { hashPassword, verifyPassword } from '../../infra/lib/passwords.js';
import { checkCode, sendCode } from './auth-service.js';
import { emailChangedMail } from './mail-templates.js';
import { RULES } from '../../infra/throttle/throttle.js';
import { sessions } from '../../infra/sessions/repository.js';
import { toProfile, users, type UserRow } from '../users/index.js';

async function load(ctx: Context, userId: number): Promise<UserRow> {
  const user = await users.byId(ctx.db, userId);
  if (!user) throw new AppError('invalid_session', 401);
  return user;
}

export async function sessionUser(ctx: Context, userId: number): Promise<SessionUser> {
  const u = await load(ctx, userId);
  return {
    User: {
      Id: u.id,
      Email: u.email,
      Profile: toProfile(u),
      Balance: u.balance,
      Currency: u.currency.trim(),
      Preferences: { Locale: u.locale, Theme: u.theme },
      PreferencesSaved: u.preferences_saved_at !== null,
      HasPassword: u.password_hash !== null,
    },
  };
}

export async function setProfile(ctx: Context, userId: number, profile: Profile): Promise<Profile> {
  return toProfile(await users.setProfile(ctx.db, userId, profile));
}

export async function setPreferences(ctx: Context, userId: number, prefs: Preferences): Promise<Preferences> {
  await users.setPreferences(ctx.db, userId, prefs);
  return prefs;
}

/** Changes the password after checking the current one, and ends every other session. */
export async function setPassword(ctx: Context, userId: number, sessionId: string, current: string, next: string) {
  const user = await load(ctx, userId);
  const failKey = `password-fail:${userId}`;
  await ctx.throttle.enforce(failKey, RULES.passwordFailuresPerUser);
  if (!(await verifyPassword(user.password_hash, current))) throw new AppError('wrong_password', 400);
  const hash = await hashPassword(next);
  await withTx(ctx.db, async (tx) => {
    await users.setPassword(tx, userId, hash);
    await sessions.endOthers(tx, userId, sessionId);
  });
  sessionEvents.ended(ctx);
}

/** The first password of an account made through a third-party login; one that has a password must change it. */
export async function addPassword(ctx: Context, userId: number, sessionId: string, next: string) {
  const hash = await hashPassword(next);
  await withTx(ctx.db, async (tx) => {
    if (!(await users.addPassword(tx, userId, hash))) throw new AppError('wrong_status', 409);
    await sessions.endOthers(tx, userId, sessionId);
  });
  sessionEvents.ended(ctx);
}

export async function requestEmailCode(ctx: Context, caller: Caller, userId: number, newEmail: string) {
  const user = await load(ctx, userId);
  if (user.email.toLowerCase() === newEmail) throw new AppError('wrong_email', 400, { NewEmail: 'invalid_value' });
  if (await users.byEmail(ctx.db, newEmail)) throw new AppError('email_exist', 409);
  await sendCode(ctx, caller, 'email_change', newEmail, userId);
}

/** An account without a password changes its email only this soon after signing in. */
export const FRESH_SIGN_IN_SECONDS = 600;

/**
 * Changes the email with the code mailed to the new address, after the current password (or, for
 * an account without one, a sign-in of the last 10 minutes); ends every other session and tells
 * the old address.
 */
export async function setEmail(
  ctx: Context,
  caller: Caller,
  userId: number,
  sessionId: string,
  body: { NewEmail: string; Code: string; Password?: string },
) {
  const user = await load(ctx, userId);
  if (user.password_hash !== null) {
    if (body.Password === undefined) throw new AppError('parse_data_error', 400, { Password: 'required' });
    await ctx.throttle.enforce(`password-fail:${userId}`, RULES.passwordFailuresPerUser);
    if (!(await verifyPassword(user.password_hash, body.Password))) throw new AppError('wrong_password', 400);
  } else if (!(await sessions.signedInWithin(ctx.db, sessionId, FRESH_SIGN_IN_SECONDS))) {
    throw new AppError('need_login', 403);
  }
  await checkCode(ctx, caller, 'email_change', body.NewEmail, body.Code, userId);
  try {
    await withTx(ctx.db, async (tx) => {
      await users.setEmail(tx, userId, body.NewEmail);
      await sessions.endOthers(tx, userId, sessionId);
    });
  } catch (e) {
    if ((e as { constraint?: string }).constraint === 'users_email_key') throw new AppError('email_exist', 409);
    throw e;
  }
  // After the commit: the change stands even when the mail cannot go out.
  await ctx.mailer
    .send(emailChangedMail(ctx.config.BRAND_NAME, user.email, body.NewEmail, ctx.config.PUBLIC_URL))
    .catch((err: unknown) => ctx.log.warn({ err, userId }, 'could not tell the old address of an email change'));
}
