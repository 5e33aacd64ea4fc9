import { ForgetBody, LoginBody, RegisterBody, RegisterCodeBody, ResetBody } from '@nimbus/contract';
import type { FastifyInstance } from 'fastify';
import type { Context } from '../../lib/context.js';
import { parse } from '../../lib/validate.js';
import { authOf, caller, requireSession } from '../../plugins/session.js';
import { sessionUser } from '../account/service.js';
import * as auth from './service.js';
import { sessions } from './sessions.js';

export async function authRoutes(app: FastifyInstance, ctx: Context) {
  const guard = { preHandler: requireSession(ctx) };

  app.post('/register/code', async (req) => {
    const { Email } = parse(RegisterCodeBody, req.body);
    await auth.requestRegisterCode(ctx, caller(req), Email);
    return { data: null };
  });
  app.post('/register', async (req) => ({
    data: await auth.register(ctx, caller(req), parse(RegisterBody, req.body)),
  }));
  app.post('/login', async (req) => ({ data: await auth.login(ctx, caller(req), parse(LoginBody, req.body)) }));
  app.post('/logout', guard, async (req) => {
    await sessions.end(ctx.db, authOf(req).sessionId);
    return { data: null };
  });
  app.get('/session', guard, async (req) => ({ data: await sessionUser(ctx, authOf(req).userId) }));
  app.post('/password/forget', async (req) => {
    const { Email } = parse(ForgetBody, req.body);
    await auth.forgetPassword(ctx, caller(req), Email);
    return { data: null };
  });
  app.post('/password/reset', async (req) => {
    const b = parse(ResetBody, req.body);
    await auth.resetPassword(ctx, caller(req), b.Email, b.Code, b.Password);
    return { data: null };
  });
}
