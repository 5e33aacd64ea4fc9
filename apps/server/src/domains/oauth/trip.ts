import { createHash, randomBytes } from 'node:crypto';
import * as oidc from 'openid-client';
import type { Caller, Context } from '../../infra/lib/context.js';
import { cookieValue } from '../../infra/lib/cookies.js';
import { AppError, badRequest } from '../../infra/lib/errors.js';
import { addressKey, RULES } from '../../infra/throttle/throttle.js';
import { loginClient, unreachable, type ProviderIdentity } from './clients.js';
import { callbackUrl } from './providers.js';
import { oauthStates, type StateRow } from './repository.js';

/** A trip to a provider must come back within ten minutes. */
export const TRIP_SECONDS = 600;

/**
 * Ties a trip to the browser that started it: without it, a return URL made by someone else (their
 * state, their provider account) would sign this browser into their account, or bind their identity.
 */
export const BROWSER_COOKIE = 'nimbus_oauth';
const COOKIE_PATH = '/api/oauth';
const BROWSER_ID = /^[A-Za-z0-9_-]{43}$/;

export const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** The SHA-256 of the browser's trip cookie, when it sends a well-formed one. */
export function browserHashOf(cookieHeader: string | undefined): Buffer | undefined {
  const browser = cookieValue(cookieHeader, BROWSER_COOKIE);
  return browser && BROWSER_ID.test(browser) ? sha256(browser) : undefined;
}

export interface Started {
  url: string;
  /** The Set-Cookie header binding the trip to this browser. */
  setCookie: string;
}

/** Records a trip (state, PKCE verifier and nonce, server-side) and answers the provider's address. */
export async function startTrip(
  ctx: Context,
  caller: Caller,
  providerId: string,
  trip: Pick<StateRow, 'purpose' | 'user_id' | 'redirect' | 'aff_code' | 'terms_accepted'>,
  cookieHeader: string | undefined,
): Promise<Started> {
  await ctx.throttle.enforce(addressKey('oauth-start', caller.ip), RULES.oauthStartPerIp);
  const client = loginClient(ctx.config, providerId);
  if (!client) throw badRequest({ Provider: 'invalid_value' });
  const secrets = { state: oidc.randomState(), codeVerifier: oidc.randomPKCECodeVerifier(), nonce: oidc.randomNonce() };
  let url: URL;
  try {
    url = await client.authorizationUrl(secrets);
  } catch (e) {
    // Only the reason: errors of the client library may carry what the provider answered.
    const down = unreachable(e);
    ctx.log.warn(
      { provider: providerId, reason: (e as Error).message, unreachable: down },
      'third-party login could not start',
    );
    // 502: the provider could not be reached (the page says so); anything else is our failure.
    throw new AppError('internal_error', down ? 502 : 500);
  }
  // Another trip from the same browser (a second tab) keeps the first one valid.
  const kept = cookieValue(cookieHeader, BROWSER_COOKIE);
  const browser = kept && BROWSER_ID.test(kept) ? kept : randomBytes(32).toString('base64url');
  await oauthStates.insert(ctx.db, {
    ...trip,
    provider: providerId,
    code_verifier: secrets.codeVerifier,
    nonce: secrets.nonce,
    stateHash: sha256(secrets.state),
    browserHash: sha256(browser),
    ttlSeconds: TRIP_SECONDS,
  });
  const secure = ctx.config.PUBLIC_URL.startsWith('https:');
  const attrs = [
    `Path=${COOKIE_PATH}`,
    `Max-Age=${TRIP_SECONDS}`,
    'HttpOnly',
    'SameSite=Lax',
    ...(secure ? ['Secure'] : []),
  ];
  return { url: url.href, setCookie: `${BROWSER_COOKIE}=${browser}; ${attrs.join('; ')}` };
}

export type TripEnd =
  | { ok: true; trip: StateRow; identity: ProviderIdentity }
  | { ok: false; trip?: StateRow; reason: string; unreachable?: boolean };

/**
 * The provider's return: the trip of its state (once, from the browser that started it, in time),
 * then the code traded for who signed in. Never throws; a failure says why, for the log only.
 */
export async function endTrip(
  ctx: Context,
  caller: Caller,
  providerId: string,
  rawQuery: string,
  cookieHeader: string | undefined,
): Promise<TripEnd> {
  try {
    await ctx.throttle.enforce(addressKey('oauth-callback', caller.ip), RULES.oauthCallbackPerIp);
  } catch {
    return { ok: false, reason: 'rate limited' };
  }
  const params = new URLSearchParams(rawQuery);
  const state = params.get('state');
  const browser = cookieValue(cookieHeader, BROWSER_COOKIE);
  if (!state || !browser) return { ok: false, reason: state ? 'no browser cookie' : 'no state' };
  const trip = await oauthStates.take(ctx.db, sha256(state), sha256(browser), providerId);
  if (!trip) return { ok: false, reason: 'unknown, used or expired state' };
  const client = loginClient(ctx.config, providerId);
  if (!client) return { ok: false, trip, reason: 'provider no longer configured' };
  if (params.has('error')) return { ok: false, trip, reason: `provider answered ${params.get('error')}` };
  try {
    const returnUrl = new URL(`${callbackUrl(ctx.config, providerId)}?${params.toString()}`);
    const identity = await client.finish(returnUrl, { state, codeVerifier: trip.code_verifier, nonce: trip.nonce });
    return { ok: true, trip, identity };
  } catch (e) {
    return { ok: false, trip, reason: (e as Error).message, unreachable: unreachable(e) };
  }
}
