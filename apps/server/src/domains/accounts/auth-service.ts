import { sessionEvents } from './session-events.js';
import type { LoginBody, RegisterBody, SessionResult } from '@nimbus/contract';
import { CODE } from '@nimbus/contract';
import { withTx } from '../../infra/db/pool.js';
import type { Caller, Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { hashPassword, verifyPassword } from '../../infra/lib/passwords.js';
import { alreadyRegisteredMail, codeMail, type CodePurpose } from './mail-templates.js';
import { requireHumanAfter } from '../../infra/captcha/captcha.js';
import { addressKey, authFailureKey, RULES } from '../../infra/throttle/throttle.js';
import { createUser, users } from '../users/index.js';
import { codes } from './codes.js';
import { sessions } from '../../infra/sessions/repository.js';

const minutes = CODE.ttlSeconds / 60;

/** Counts a code mail per email address and per client address (also where none is sent, so answers match). */
async function throttleCodeMail(ctx: Context, caller: Caller, purpose: CodePurpose, email: string) {
  await ctx.throttle.enforce(`code:${purpose}:${email}`, RULES.codeResendPerEmail);
  await ctx.throttle.enforce(addressKey('code-ip', caller.ip), RULES.codeSendPerIp);
}

/** Throttles a code request per address and per IP, then issues and mails the code. */
export async function sendCode(ctx: Context, caller: Caller, purpose: CodePurpose, email: string, userId?: number) {
  await throttleCodeMail(ctx, caller, purpose, email);
  const code = await codes.issue(ctx.db, purpose, email, userId);
  await ctx.mailer.send(codeMail(ctx.config.BRAND_NAME, email, purpose, code, minutes));
}

/**
 * Checks a code, throttling guesses per IP and per email address a day (across codes: a fresh code
 * does not buy fresh guesses); a wrong, used or expired code is wrong_code.
 */
export async function checkCode(
  ctx: Context,
  caller: Caller,
  purpose: CodePurpose,
  email: string,
  code: string,
  userId?: number,
) {
  await ctx.throttle.enforce(addressKey('verify-ip', caller.ip), RULES.codeVerifyPerIp);
  // Counted before the check, so parallel guesses cannot pass the bound; the right code takes its guess back.
  const guessKey = `code-guess:${email}`;
  await ctx.throttle.enforce(guessKey, RULES.codeGuessesPerEmail);
  if (!(await codes.consume(ctx.db, purpose, email, code, userId))) {
    await ctx.throttle.hit(authFailureKey(caller.ip), RULES.authFailuresPerIp);
    throw new AppError('wrong_code', 400);
  }
  await ctx.throttle.unhit(guessKey);
}

/** Sign-up and password reset from an address with many wrong passwords or codes need a solved challenge. */
const askHumanAtAddress = (ctx: Context, caller: Caller, captcha: string | undefined) =>
  requireHumanAfter(ctx, captcha, [[authFailureKey(caller.ip), RULES.authFailuresPerIp]]);

export async function requestRegisterCode(
  ctx: Context,
  caller: Caller,
  email: string,
  captcha?: string,
): Promise<void> {
  await askHumanAtAddress(ctx, caller, captcha);
  const existing = await users.byEmail(ctx.db, email);
  if (!existing) return sendCode(ctx, caller, 'register', email);
  // Same throttles and the same answer as for a new address; the mail tells the owner instead.
  await throttleCodeMail(ctx, caller, 'register', email);
  await ctx.mailer.send(alreadyRegisteredMail(ctx.config.BRAND_NAME, email, ctx.config.PUBLIC_URL));
}

export async function register(ctx: Context, caller: Caller, body: RegisterBody): Promise<SessionResult> {
  await askHumanAtAddress(ctx, caller, body.Captcha);
  await checkCode(ctx, caller, 'register', body.Email, body.Code);
  return withTx(ctx.db, async (tx) => {
    const user = await createUser(tx, {
      email: body.Email,
      password: body.Password,
      currency: ctx.config.CURRENCY,
      referredByCode: body.AffCode || undefined,
    });
    return sessions.create(tx, user.id, ctx.config.SESSION_TTL, caller);
  });
}

/**
 * Signs in. After repeated failures for the account or from the address, every attempt needs a
 * solved challenge (need_recaptcha), also with the right password: guessing costs work, and nobody
 * can lock the owner out.
 */
export async function login(ctx: Context, caller: Caller, body: LoginBody): Promise<SessionResult> {
  await ctx.throttle.enforce(addressKey('login-ip', caller.ip), RULES.loginPerIp);
  const failures = [
    [`login-fail:${body.Email}`, RULES.loginFailuresPerEmail],
    [authFailureKey(caller.ip), RULES.authFailuresPerIp],
  ] as const;
  await requireHumanAfter(ctx, body.Captcha, failures);
  const user = await users.byEmail(ctx.db, body.Email);
  if (!(await verifyPassword(user?.password_hash, body.Password)) || !user) {
    for (const [key, rule] of failures) await ctx.throttle.hit(key, rule);
    throw new AppError('wrong_password', 400);
  }
  return sessions.create(ctx.db, user.id, ctx.config.SESSION_TTL, caller);
}

export async function forgetPassword(ctx: Context, caller: Caller, email: string, captcha?: string): Promise<void> {
  await askHumanAtAddress(ctx, caller, captcha);
  const user = await users.byEmail(ctx.db, email);
  if (user) return sendCode(ctx, caller, 'reset', email, user.id);
  // No account: count the same throttles so the answers cannot be told apart.
  await throttleCodeMail(ctx, caller, 'reset', email);
}

export async function resetPassword(
  ctx: Context,
  caller: Caller,
  email: string,
  code: string,
  password: string,
  captcha?: string,
) {
  await askHumanAtAddress(ctx, caller, captcha);
  await checkCode(ctx, caller, 'reset', email, code);
  const user = await users.byEmail(ctx.db, email);
  if (!user) throw new AppError('wrong_code', 400);
  const hash = await hashPassword(password);
  await withTx(ctx.db, async (tx) => {
    await users.setPassword(tx, user.id, hash);
    await sessions.endOthers(tx, user.id);
  });
  sessionEvents.ended(ctx);
}
