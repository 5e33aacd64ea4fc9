import { EmailCodeBody, EmailSetBody, PasswordSetBody, PreferencesSchema, ProfileSetBody } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../lib/context.js';
import { parse } from '../../lib/validate.js';
import { authOf, caller, requireSession } from '../../plugins/session.js';
import * as account from './service.js';

export async function accountRoutes(app: FastifyInstance, ctx: Context) {
  app.addHook('preHandler', requireSession(ctx));

  app.post('/user/profile/set', async (req) => ({
    data: await account.setProfile(ctx, authOf(req).userId, parse(ProfileSetBody, req.body)),
  }));
  app.post('/user/preferences/set', async (req) => ({
    data: await account.setPreferences(ctx, authOf(req).userId, parse(PreferencesSchema, req.body)),
  }));
  app.post('/user/password/set', async (req) => {
    const b = parse(PasswordSetBody, req.body);
    const { userId, sessionId } = authOf(req);
    await account.setPassword(ctx, userId, sessionId, b.Password, b.NewPassword);
    return { data: null };
  });
  app.post('/user/email/code', async (req) => {
    const { NewEmail } = parse(EmailCodeBody, req.body);
    await account.requestEmailCode(ctx, caller(req), authOf(req).userId, NewEmail);
    return { data: null };
  });
  app.post('/user/email/set', async (req) => {
    const b = parse(EmailSetBody, req.body);
    await account.setEmail(ctx, caller(req), authOf(req).userId, b.NewEmail, b.Code);
    return { data: null };
  });
}
