import { createChallenge, randomInt, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { CaptchaPayload, type CaptchaChallenge } from '@nimbus/contract';
import { appSecret } from '../lib/app-secrets.js';
import type { Context } from '../lib/context.js';
import { AppError } from '../lib/errors.js';
import type { Rule } from '../throttle/throttle.js';

/**
 * The self-hosted proof-of-work challenge behind `need_recaptcha` (ALTCHA;
 * docs/product/accounts.md#throttles-and-the-human-check-captcha). A challenge hides a counter
 * below CAPTCHA_DIFFICULTY: the browser finds it by trying SHA-256 of salt, nonce and counter until
 * the result starts with the signed prefix. The server only checks an HMAC, keeps each solved
 * challenge's signature until it expires, and refuses it a second time.
 */

const ALGORITHM = 'SHA-256';

async function secrets(ctx: Context) {
  const [challenge, key] = await Promise.all([
    appSecret(ctx.db, 'captcha', 'nimbus captcha challenges v1', ctx.config.CAPTCHA_SECRET),
    appSecret(ctx.db, 'captcha-key', 'nimbus captcha keys v1', ctx.config.CAPTCHA_SECRET),
  ]);
  return { hmacSignatureSecret: challenge.toString('hex'), hmacKeySignatureSecret: key.toString('hex') };
}

/** A new signed challenge; `expiresAt` (seconds since the epoch) only for tests of expiry. */
export async function issueChallenge(ctx: Context, expiresAt?: number): Promise<CaptchaChallenge> {
  const max = ctx.config.CAPTCHA_DIFFICULTY;
  const challenge = await createChallenge({
    algorithm: ALGORITHM,
    cost: 1,
    counter: randomInt(Math.floor(max / 2), max),
    deriveKey,
    expiresAt: expiresAt ?? Math.floor(Date.now() / 1000) + ctx.config.CAPTCHA_TTL,
    ...(await secrets(ctx)),
  });
  return { Challenge: challenge as CaptchaChallenge['Challenge'], MaxCounter: max };
}

/** Whether `payload` (the Captcha field: base64 of {challenge, solution}) is a fresh, solved challenge; spends it. */
export async function spendSolution(ctx: Context, payload: string): Promise<boolean> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));
  } catch {
    return false;
  }
  const solved = CaptchaPayload.safeParse(parsed);
  if (!solved.success) return false;
  const challenge = solved.data.challenge as Challenge;
  if (challenge.parameters.algorithm !== ALGORITHM) return false;
  const result = await verifySolution({
    challenge,
    solution: solved.data.solution,
    deriveKey,
    ...(await secrets(ctx)),
  });
  if (!result.verified) return false;
  const spent = await ctx.db.query(
    `insert into captcha_spent (signature, expires_at) values ($1, to_timestamp($2))
     on conflict (signature) do nothing`,
    [challenge.signature, challenge.parameters.expiresAt],
  );
  return spent.rowCount === 1;
}

/**
 * Asks for a solved challenge (400 `need_recaptcha`) when any of `counters` (throttle keys and the
 * rules whose limit starts the asking) has reached its limit; a sent challenge is checked and spent.
 */
export async function requireHumanAfter(
  ctx: Context,
  captcha: string | undefined,
  counters: readonly (readonly [string, Rule])[],
): Promise<void> {
  const asked = await Promise.all(counters.map(([key, rule]) => ctx.throttle.blocked(key, rule)));
  if (!asked.some(Boolean)) return;
  if (!captcha || !(await spendSolution(ctx, captcha))) throw new AppError('need_recaptcha', 400);
}
