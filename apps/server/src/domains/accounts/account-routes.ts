import {
  EmailCodeBody,
  EmailSetBody,
  PasswordAddBody,
  PasswordSetBody,
  PreferencesSchema,
  ProfileSchema,
  ProfileSetBody,
} from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../infra/lib/api.js';
import { assertPasswordsMatch } from '../../infra/lib/errors.js';
import type { Context } from '../../infra/lib/context.js';
import { authOf, caller } from '../../infra/http/session.js';
import * as account from './account-service.js';

/** The signed-in customer's profile, preferences, password and email. */
export async function accountRoutes(app: Api, ctx: Context) {
  app.post(
    '/user/profile/set',
    { schema: { summary: 'Update the profile', body: ProfileSetBody, response: replies(ProfileSchema) } },
    async (req) => ({ data: await account.setProfile(ctx, authOf(req).userId, req.body) }),
  );
  app.post(
    '/user/preferences/set',
    {
      schema: {
        summary: 'Store the language and theme',
        body: PreferencesSchema,
        response: replies(PreferencesSchema),
      },
    },
    async (req) => ({ data: await account.setPreferences(ctx, authOf(req).userId, req.body) }),
  );
  app.post(
    '/user/password/set',
    {
      schema: {
        summary: 'Change the password',
        description:
          'Checks the current password and ends every other session. `ConfirmPassword`, when sent, must equal the new password (else 400 `passwords_mismatch`).',
        body: PasswordSetBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      assertPasswordsMatch(req.body.NewPassword, req.body.ConfirmPassword);
      const { userId, sessionId } = authOf(req);
      await account.setPassword(ctx, userId, sessionId, req.body.Password, req.body.NewPassword);
      return { data: null };
    },
  );
  app.post(
    '/user/password/add',
    {
      schema: {
        summary: 'Set a first password',
        description:
          'For an account made through a third-party login, which has no password to confirm (HasPassword false in api/session). 409 wrong_status when the account has one: change it with api/user/password/set. Ends every other session. `ConfirmPassword`, when sent, must equal the new password (else 400 `passwords_mismatch`).',
        body: PasswordAddBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      assertPasswordsMatch(req.body.NewPassword, req.body.ConfirmPassword);
      const { userId, sessionId } = authOf(req);
      await account.addPassword(ctx, userId, sessionId, req.body.NewPassword);
      return { data: null };
    },
  );
  app.post(
    '/user/email/code',
    {
      schema: {
        summary: 'Mail a code to a new email address',
        body: EmailCodeBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      await account.requestEmailCode(ctx, caller(req), authOf(req).userId, req.body.NewEmail);
      return { data: null };
    },
  );
  app.post(
    '/user/email/set',
    {
      schema: {
        summary: 'Change the email with the mailed code',
        description:
          'Needs the current `Password` when the account has one (400 `wrong_password`; missing: 400 `parse_data_error`); an account without one must have signed in within 10 minutes (else 403 `need_login`). Ends every other session and mails the old address.',
        body: EmailSetBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      const { userId, sessionId } = authOf(req);
      await account.setEmail(ctx, caller(req), userId, sessionId, req.body);
      return { data: null };
    },
  );
}
