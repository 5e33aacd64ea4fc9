import { randomBytes } from 'node:crypto';
import {
  CONTROL_CHARS,
  type Identity,
  type OAuthBindResult,
  type OAuthLoginBody,
  type OAuthLoginError,
  type SessionResult,
} from '@nimbus/contract';
import { withTx, type Tx } from '../../infra/db/pool.js';
import type { Caller, Context } from '../../infra/lib/context.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { sessions } from '../../infra/sessions/repository.js';
import { createUser, users } from '../users/index.js';
import type { ProviderIdentity } from './clients.js';
import { configuredProviders, providerOf } from './providers.js';
import { identities, loginCodes } from './repository.js';
import { browserHashOf, endTrip, sha256, startTrip, type Started } from './trip.js';

/** A path on this site (as the web app's safeRedirect), else nothing: a return never leaves the console. */
export function safePath(value: string | undefined): string {
  if (!value || !value.startsWith('/') || value[1] === '/' || value[1] === '\\') return '';
  return CONTROL_CHARS.test(value) || value.length > 2048 ? '' : value;
}

export function startLogin(ctx: Context, caller: Caller, body: OAuthLoginBody, cookie?: string): Promise<Started> {
  return startTrip(
    ctx,
    caller,
    body.Provider,
    {
      purpose: 'login',
      user_id: null,
      redirect: safePath(body.Redirect),
      aff_code: body.AffCode ?? '',
      terms_accepted: body.AgreeTerms,
    },
    cookie,
  );
}

export async function startBind(
  ctx: Context,
  caller: Caller,
  userId: number,
  providerId: string,
  cookie?: string,
): Promise<Started> {
  if (!providerOf(ctx.config, providerId)) throw badRequest({ Provider: 'invalid_value' });
  if ((await identities.ofUser(ctx.db, userId)).some((i) => i.provider === providerId)) {
    throw new AppError('wrong_status', 409);
  }
  return startTrip(
    ctx,
    caller,
    providerId,
    { purpose: 'bind', user_id: userId, redirect: '', aff_code: '', terms_accepted: false },
    cookie,
  );
}

const query = (params: Record<string, string>) =>
  new URLSearchParams(Object.entries(params).filter(([, v]) => v !== '')).toString();

/** Signs in the identity's account, or makes one; answers where the browser goes next. */
async function signIn(
  ctx: Context,
  caller: Caller,
  providerId: string,
  who: ProviderIdentity,
  trip: { redirect: string; aff_code: string; terms_accepted: boolean },
): Promise<{ userId: number } | { error: Exclude<OAuthLoginError, 'unreachable'> }> {
  const known = await identities.find(ctx.db, providerId, who.subject);
  if (known) return { userId: known.user_id };
  // A new account needs the terms, accepted at the start, and an address the provider has verified.
  if (!trip.terms_accepted) return { error: 'failed' };
  if (!who.email) return { error: 'no_email' };
  const email = who.email.trim().toLowerCase();
  // Never linked automatically: whoever controls this provider account may not own the console's.
  if (await users.byEmail(ctx.db, email)) return { error: 'email_exist' };
  try {
    return await withTx(ctx.db, async (tx: Tx) => {
      const user = await createUser(tx, {
        email,
        password: null,
        currency: ctx.config.CURRENCY,
        referredByCode: trip.aff_code || undefined,
      });
      if (!(await identities.insert(tx, { userId: user.id, provider: providerId, subject: who.subject, email }))) {
        throw new Error('identity bound meanwhile');
      }
      return { userId: user.id };
    });
  } catch (e) {
    if (e instanceof AppError && e.code === 'email_exist') return { error: 'email_exist' };
    throw e;
  }
}

/** Binds the identity to the account that started the trip. */
async function bind(ctx: Context, userId: number, providerId: string, who: ProviderIdentity): Promise<OAuthBindResult> {
  const bound = await identities.find(ctx.db, providerId, who.subject);
  if (bound) return bound.user_id === userId ? 'ok' : 'taken';
  const email = who.email?.trim().toLowerCase() ?? '';
  if (await identities.insert(ctx.db, { userId, provider: providerId, subject: who.subject, email })) return 'ok';
  const now = await identities.find(ctx.db, providerId, who.subject);
  return now && now.user_id !== userId ? 'taken' : 'failed';
}

/** A sign-in's one-time code lives this long: the page trades it as soon as it loads. */
export const LOGIN_CODE_SECONDS = 60;

/**
 * The provider's return, as the address the browser goes to: /login with a one-time code for the
 * session (never the session id: addresses reach logs, history and Referer headers) or an error
 * flag, or /me with the outcome of a binding.
 */
export async function callback(
  ctx: Context,
  caller: Caller,
  providerId: string,
  rawQuery: string,
  cookie?: string,
): Promise<string> {
  const end = await endTrip(ctx, caller, providerId, rawQuery, cookie);
  const log = (reason: string) => ctx.log.warn({ provider: providerId, reason }, 'third-party login failed');
  const failedLogin = (error: OAuthLoginError, redirect = '') =>
    `/login?${query({ oauth_error: error, redirect, provider: providerId })}`;
  const bindResult = (result: OAuthBindResult) => `/me?${query({ tab: 'logins', bind: result, provider: providerId })}`;
  if (!end.ok) {
    log(end.reason);
    // A provider that could not be reached is said apart: trying later, or the password, helps.
    const why = end.unreachable ? 'unreachable' : 'failed';
    return end.trip?.purpose === 'bind' ? bindResult(why) : failedLogin(why, end.trip?.redirect);
  }
  const { trip, identity } = end;
  if (trip.purpose === 'bind') {
    const result = await bind(ctx, trip.user_id!, providerId, identity);
    if (result !== 'ok') log(result === 'taken' ? 'identity bound to another account' : 'account has another identity');
    return bindResult(result);
  }
  const outcome = await signIn(ctx, caller, providerId, identity, trip);
  if ('error' in outcome) {
    log({ email_exist: 'email of an existing account', no_email: 'no verified email', failed: 'terms' }[outcome.error]);
    return failedLogin(outcome.error, trip.redirect);
  }
  const browserHash = browserHashOf(cookie);
  // endTrip found the trip by this cookie, so it is there.
  if (!browserHash) return failedLogin('failed', trip.redirect);
  const code = randomBytes(32).toString('base64url');
  await loginCodes.insert(ctx.db, {
    codeHash: sha256(code),
    browserHash,
    userId: outcome.userId,
    ttlSeconds: LOGIN_CODE_SECONDS,
  });
  return `/login?${query({ oauth_code: code, redirect: trip.redirect })}`;
}

/** POST api/oauth/session: the return's one-time code, from the browser of the trip, traded once for a session. */
export async function exchangeLoginCode(
  ctx: Context,
  caller: Caller,
  code: string,
  cookie: string | undefined,
): Promise<SessionResult> {
  const browserHash = browserHashOf(cookie);
  const userId = browserHash && (await loginCodes.take(ctx.db, sha256(code), browserHash));
  if (!userId) throw new AppError('wrong_code', 400);
  return sessions.create(ctx.db, userId, ctx.config.SESSION_TTL, caller);
}

/** The caller's bound identities. */
export async function listIdentities(ctx: Context, userId: number): Promise<Identity[]> {
  return (await identities.ofUser(ctx.db, userId)).map((i) => ({
    Provider: i.provider,
    Email: i.email,
    CreatedAt: i.created_at.toISOString(),
  }));
}

/** Unbinds, unless it is the account's last way to sign in (no password, no other usable identity). */
export async function unbind(ctx: Context, userId: number, providerId: string): Promise<void> {
  const offered = new Set(configuredProviders(ctx.config).map((p) => p.Id));
  await withTx(ctx.db, async (tx) => {
    // The account's row lock: two unbinds at once cannot each leave the other as the last way.
    const account = await users.lock(tx, userId);
    const bound = await identities.ofUser(tx, userId);
    if (!bound.some((i) => i.provider === providerId)) throw new AppError('db_no_record', 404);
    const others = bound.filter((i) => i.provider !== providerId && offered.has(i.provider));
    if (account?.password_hash == null && others.length === 0) throw new AppError('wrong_status', 409);
    await identities.remove(tx, userId, providerId);
  });
}
