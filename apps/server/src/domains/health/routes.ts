import { z } from 'zod';
import { ping } from '../../infra/db/pool.js';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';

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
      try {
        await ping(ctx.db);
      } catch {
        throw new AppError('db_connect_error', 503);
      }
      return { data: { status: 'ok' as const } };
    },
  );
}
