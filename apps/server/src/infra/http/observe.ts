import { AsyncResource } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { ErrorBody } from '@nimbus/contract';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Api } from '../lib/api.js';
import { AppError } from '../lib/errors.js';
import { SAFE_REQUEST_ID, withRequest } from '../lib/request-context.js';
import { bearer, tokenMatches, type Metrics } from '../metrics/metrics.js';

/**
 * Fastify's `genReqId`: a random id, or behind a trusted proxy (TRUST_PROXY set) the proxy's
 * X-Request-Id when it is a short safe token, so one id follows a request through the proxy's
 * logs, ours and the jobs it starts.
 */
export function requestIdGenerator(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    const given = trustProxy ? req.headers['x-request-id'] : undefined;
    return typeof given === 'string' && SAFE_REQUEST_ID.test(given) ? given : randomUUID();
  };
}

/** Reads that never start a job: they are served without a request scope (the status poll among them). */
const READS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * On the root app, before any route: every answer is counted by route pattern and status with its
 * latency; a request that may start a job runs in a scope that hands its id to the jobs and tasks
 * it sends (infra/jobs, infra/tasks).
 */
export function installObservability(app: Api, metrics: Metrics): void {
  const scopes = new WeakMap<FastifyRequest, AsyncResource>();
  app.addHook('onRequest', (req, _reply, done) => {
    if (READS.has(req.method)) return done();
    withRequest(req.id, () => {
      scopes.set(req, new AsyncResource('nimbus:request'));
      done();
    });
  });
  // The body was read in the socket's own async context: the rest of the request goes back into its scope.
  app.addHook('preValidation', (req, _reply, done) => {
    const scope = scopes.get(req);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
  app.addHook('onResponse', (req, reply, done) => {
    metrics.http.observe(
      { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });
}

/**
 * `GET /metrics` on the API's port, only when METRICS_TOKEN is set and only with it as a bearer
 * token: never open to the public.
 */
export function installMetricsRoute(app: Api, metrics: Metrics, token: string | undefined): void {
  if (!token) return;
  app.get(
    '/metrics',
    {
      schema: {
        summary: 'Prometheus metrics',
        description:
          'The process’s metrics in the Prometheus text format (docs/operations.md). Needs `Authorization: Bearer <METRICS_TOKEN>`: none is 401 `need_login`, another token 401 `invalid_session`. Absent unless METRICS_TOKEN is set.',
        tags: ['platform'],
        headers: z.object({ authorization: z.string().optional().describe('Bearer <METRICS_TOKEN>') }),
        response: {
          200: { description: 'The metrics.', content: { 'text/plain': { schema: z.string() } } },
          '4xx': ErrorBody,
          '5xx': ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const presented = bearer(req.headers.authorization);
      if (presented === undefined) throw new AppError('need_login', 401);
      if (!tokenMatches(presented, token)) throw new AppError('invalid_session', 401);
      return reply
        .header('cache-control', 'no-store')
        .type(metrics.contentType)
        .send(await metrics.text());
    },
  );
}
