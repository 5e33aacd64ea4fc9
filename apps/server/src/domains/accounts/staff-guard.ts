import type { StaffScope } from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { staffTokens, type StaffCaller } from './staff-tokens-repository.js';

/** Every route under this prefix is the staff API: operator tokens only, never customer sessions. */
export const STAFF_PREFIX = '/api/staff/';

declare module 'fastify' {
  interface FastifyRequest {
    staff?: StaffCaller;
  }
}

function bearer(req: FastifyRequest): string | undefined {
  const header = req.headers.authorization;
  const match = typeof header === 'string' ? /^Bearer ([^\s]+)$/i.exec(header) : null;
  return match?.[1];
}

/**
 * Guards the whole staff API from the root instance: every route registered under STAFF_PREFIX,
 * wherever it is declared, authenticates its operator token first (before body parsing, so an
 * unauthenticated caller learns nothing about payloads) and is documented as needing one.
 * Install before the routes.
 */
export function installStaffAuth(app: Api, ctx: Context) {
  const authenticate = async (req: FastifyRequest) => {
    const token = bearer(req);
    if (!token) throw new AppError('need_login', 401);
    const staff = await staffTokens.resolve(ctx.db, token);
    if (!staff) throw new AppError('invalid_session', 401);
    req.staff = staff;
  };
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(STAFF_PREFIX)) return;
    const schema = route.schema ?? {};
    route.schema = { ...schema, tags: ['staff'], security: [{ staffToken: [] }] };
    route.onRequest = [...[route.onRequest ?? []].flat(), authenticate];
  });
}

/** A preHandler for a staff route: its token must carry `scope`, else 403 `access_denied`. */
export function requireStaff(scope: StaffScope) {
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    if (!req.staff) throw new AppError('need_login', 401);
    if (!req.staff.scopes.includes(scope)) throw new AppError('access_denied', 403);
  };
}

/** The operator behind a request that passed requireStaff. */
export function staffOf(req: FastifyRequest): StaffCaller {
  if (!req.staff) throw new AppError('need_login', 401);
  return req.staff;
}
