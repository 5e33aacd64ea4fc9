import type { IncomingMessage, ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { validateParams } from '../schema/validate.js';
import type { Principal } from './auth.js';
import { parseBody, parseForm, readBody } from './body.js';
import { Ctx, WithAttribs } from './context.js';
import type { Handler, Runtime } from './context.js';
import { PveError, paramError } from './errors.js';
import { applyFaults } from './fault-gate.js';
import { send, sendError } from './respond.js';
import type { Router } from './router.js';

const PREFIX = '/api2/json';

/** Handles one /api2/json request end to end: auth, routing, faults, validation, handler. */
export async function handleApi(
  rt: Runtime,
  router: Router,
  handlers: Record<string, Handler>,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const method = req.method ?? 'GET';
  const url = new URL(req.url ?? '/', 'http://localhost');
  const path = url.pathname.startsWith(PREFIX) ? url.pathname.slice(PREFIX.length) || '/' : url.pathname;
  const key = `${method} ${path}`;
  rt.requests.set(key, (rt.requests.get(key) ?? 0) + 1);
  try {
    if (!url.pathname.startsWith(`${PREFIX}/`))
      throw new PveError(501, `Method '${method} ${url.pathname}' not implemented`);
    const isLogin = method === 'POST' && path === '/access/ticket';
    const mutating = method !== 'GET' && method !== 'HEAD';
    let principal: Principal | undefined;
    if (!isLogin) principal = rt.auth.authenticate(req, mutating);
    const match = router.match(method, path);
    if (!match) throw new PveError(501, `Method '${method} ${PREFIX}${path}' not implemented`);
    if (!(await applyFaults(rt, method, path, res))) return;
    const text = await readBody(req);
    if ((method === 'GET' || method === 'DELETE') && text.length > 0) {
      throw new PveError(501, `Unexpected content for method '${method}'`);
    }
    const params = parseForm(url.search.slice(1));
    if (method === 'POST' || method === 'PUT') parseBody(text, req.headers['content-type'], params);
    Object.assign(params, match.pathParams);
    const errors = validateParams(match.op, params);
    if (Object.keys(errors).length > 0) throw paramError(errors);
    const handler = handlers[`${method} ${match.op.path}`];
    if (!handler) throw new PveError(501, `Method '${method} ${PREFIX}${path}' not implemented in the emulator`);
    const ctx = new Ctx(rt, method, path, params, principal);
    const data = await handler(ctx);
    if (mutating) rt.changed?.();
    if (data instanceof WithAttribs) send(res, 200, { data: data.data ?? null, ...data.attribs });
    else send(res, 200, { data: data ?? null });
  } catch (err) {
    // pveproxy delays every 401 (3 s) so brute force is slow; off by default to keep tests fast.
    if (err instanceof PveError && err.status === 401 && rt.authFailDelayMs > 0) await sleep(rt.authFailDelayMs);
    if (err instanceof PveError) return sendError(res, err);
    const message = err instanceof Error ? err.message : String(err);
    sendError(res, new PveError(500, message));
  }
}
