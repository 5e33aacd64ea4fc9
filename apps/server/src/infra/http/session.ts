import { SESSION_HEADER } from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../lib/api.js';
import type { Caller, Context } from '../lib/context.js';
import { poolExhausted } from '../db/pool.js';
import { AppError } from '../lib/errors.js';
import { sessions } from '../sessions/repository.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth?: { sessionId: string; userId: number };
  }
}

export function caller(req: FastifyRequest): Caller {
  return { ip: req.ip, userAgent: String(req.headers['user-agent'] ?? '') };
}

/** A preHandler that admits only requests with a live session in the ssid header. */
export function requireSession(ctx: Context) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const raw = req.headers[SESSION_HEADER];
    const id = Array.isArray(raw) ? raw[0] : raw;
    if (!id) throw new AppError('need_login', 401);
    if (id.length > 128) throw new AppError('invalid_session', 401);
    const userId = await sessions.resolve(ctx.db, id).catch((err: unknown) => {
      // A busy pool is the database being busy, not the session store failing: 503 with Retry-After.
      if (poolExhausted(err)) throw err;
      // get_session_error: the session could not be read (the store failed), unlike a missing or ended one.
      req.log.error({ err }, 'the session store failed');
      throw new AppError('get_session_error', 500);
    });
    if (!userId) throw new AppError('invalid_session', 401);
    req.auth = { sessionId: id, userId };
  };
}

/** The authenticated caller of a route guarded by requireSession. */
export function authOf(req: FastifyRequest): { sessionId: string; userId: number } {
  if (!req.auth) throw new AppError('need_login', 401);
  return req.auth;
}

/**
 * A plugin for a group of routes: tagged in the API reference, and, with `session`, guarded by
 * requireSession and marked as needing the ssid header.
 */
export function routeGroup(
  ctx: Context,
  opts: { tag: string; session?: boolean },
  routes: (app: Api) => void | Promise<void>,
) {
  return async (app: Api) => {
    const guard = requireSession(ctx);
    app.addHook('onRoute', (route) => {
      const schema = route.schema ?? {};
      route.schema = {
        ...schema,
        tags: schema.tags ?? [opts.tag],
        ...(opts.session ? { security: [{ session: [] }] } : {}),
      };
      // A route-level onRequest hook, after the API rate limit's (added by an earlier onRoute) and
      // before body parsing and validation: an unsigned caller learns nothing about the payload.
      if (opts.session) route.onRequest = [...[route.onRequest ?? []].flat(), guard];
    });
    await routes(app);
  };
}
