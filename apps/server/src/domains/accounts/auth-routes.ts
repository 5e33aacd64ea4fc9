import { sessionEvents } from './session-events.js';
import {
  CaptchaChallenge,
  ForgetBody,
  LoginBody,
  RegisterBody,
  RegisterCodeBody,
  ResetBody,
  SessionResult,
  SessionUser,
} from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../infra/lib/api.js';
import { assertPasswordsMatch } from '../../infra/lib/errors.js';
import type { Context } from '../../infra/lib/context.js';
import { authOf, caller } from '../../infra/http/session.js';
import { sessionUser } from './account-service.js';
import { issueChallenge } from '../../infra/captcha/captcha.js';
import { addressKey, RULES } from '../../infra/throttle/throttle.js';
import * as auth from './auth-service.js';
import { sessions } from '../../infra/sessions/repository.js';

/** Sign-up, sign-in and password reset: open to anyone, throttled per address and account. */
export async function authRoutes(app: Api, ctx: Context) {
  app.get(
    '/captcha',
    {
      schema: {
        summary: 'A proof-of-work challenge',
        description:
          'Answers a signed ALTCHA challenge (SHA-256, deterministic counter below `MaxCounter`) for a request that was answered 400 `need_recaptcha`. Solve it and send base64 of `{"challenge": Challenge, "solution": {"counter", "derivedKey"}}` as that request\'s `Captcha` field. A solution is good once, until the challenge expires.',
        response: replies(CaptchaChallenge),
      },
    },
    async (req) => {
      await ctx.throttle.enforce(addressKey('captcha-ip', caller(req).ip), RULES.captchaPerIp);
      return { data: await issueChallenge(ctx) };
    },
  );
  app.post(
    '/register/code',
    {
      schema: {
        summary: 'Mail a sign-up code',
        description:
          'Mails a six-digit code to the address. A registered address gets a sign-in hint instead, so the answer never reveals whether an account exists.',
        body: RegisterCodeBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      await auth.requestRegisterCode(ctx, caller(req), req.body.Email, req.body.Captcha);
      return { data: null };
    },
  );
  app.post(
    '/register',
    {
      schema: {
        summary: 'Create an account',
        description:
          'Creates the account with the mailed code and signs it in. `ConfirmPassword`, when sent, must equal the new password (else 400 `passwords_mismatch`).',
        body: RegisterBody,
        response: replies(SessionResult),
      },
    },
    async (req) => {
      assertPasswordsMatch(req.body.Password, req.body.ConfirmPassword);
      return { data: await auth.register(ctx, caller(req), req.body) };
    },
  );
  app.post(
    '/login',
    {
      schema: {
        summary: 'Sign in',
        description: 'Answers a session; send its session_id in the ssid header.',
        body: LoginBody,
        response: replies(SessionResult),
      },
    },
    async (req) => ({ data: await auth.login(ctx, caller(req), req.body) }),
  );
  app.post(
    '/password/forget',
    {
      schema: {
        summary: 'Mail a password reset code',
        description: 'Answers the same for unknown addresses.',
        body: ForgetBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      await auth.forgetPassword(ctx, caller(req), req.body.Email, req.body.Captcha);
      return { data: null };
    },
  );
  app.post(
    '/password/reset',
    {
      schema: {
        summary: 'Set a new password with the mailed code',
        description:
          'Ends every session of the account. `ConfirmPassword`, when sent, must equal the new password (else 400 `passwords_mismatch`).',
        body: ResetBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      assertPasswordsMatch(req.body.Password, req.body.ConfirmPassword);
      await auth.resetPassword(ctx, caller(req), req.body.Email, req.body.Code, req.body.Password, req.body.Captcha);
      return { data: null };
    },
  );
}

/** The caller's own session. */
export async function sessionRoutes(app: Api, ctx: Context) {
  app.post(
    '/logout',
    {
      schema: { summary: 'Sign out', description: 'Ends the session of the ssid header.', response: replies(z.null()) },
    },
    async (req) => {
      await sessions.end(ctx.db, authOf(req).sessionId);
      sessionEvents.ended(ctx);
      return { data: null };
    },
  );
  app.get(
    '/session',
    {
      schema: {
        summary: 'The signed-in customer',
        description: 'Profile, balance (minor units of Currency) and preferences.',
        response: replies(SessionUser),
      },
    },
    async (req) => ({ data: await sessionUser(ctx, authOf(req).userId) }),
  );
}
