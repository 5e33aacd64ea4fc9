import { envelope, ErrorBody } from '@nimbus/contract';
import { z } from 'zod';
import { ping } from '../../infra/db/pool.js';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';

const Ready = z.object({ status: z.enum(['ok', 'draining']) });

async function reachDatabase(ctx: Context): Promise<void> {
  try {
    await ping(ctx.db);
  } catch {
    throw new AppError('db_connect_error', 503);
  }
}

export async function healthRoutes(app: Api, ctx: Context) {
  app.get(
    '/health',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Liveness and database reachability',
        description: 'Answers 200 when the database is reachable, 503 db_connect_error otherwise.',
        response: replies(z.object({ status: z.literal('ok') })),
      },
    },
    async () => {
      await reachDatabase(ctx);
      return { data: { status: 'ok' as const } };
    },
  );

  app.get(
    '/health/live',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Liveness for a load balancer or supervisor',
        description:
          'Answers 200 while the process serves HTTP, whatever the database does: restart the process only when this fails.',
        response: replies(z.object({ status: z.literal('ok') })),
      },
    },
    async () => ({ data: { status: 'ok' as const } }),
  );

  app.get(
    '/health/ready',
    {
      config: { rateLimit: false },
      schema: {
        summary: 'Readiness for a load balancer',
        description:
          'Answers 200 `ok` when this process should get requests: the database is reachable and it is not stopping. While it drains before a stop (SHUTDOWN_DRAIN_SECONDS) it answers 503 with `draining`; with the database unreachable, 503 db_connect_error.',
        response: {
          200: envelope(Ready),
          503: z.union([envelope(Ready), ErrorBody]),
          '4xx': ErrorBody,
          '5xx': ErrorBody,
        },
      },
    },
    async (_req, reply) => {
      if (ctx.lifecycle.draining) return reply.code(503).send({ data: { status: 'draining' as const } });
      await reachDatabase(ctx);
      return { data: { status: 'ok' as const } };
    },
  );
}
