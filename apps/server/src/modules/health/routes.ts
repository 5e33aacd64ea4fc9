import type { FastifyInstance } from 'fastify';
import type { Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';

export async function healthRoutes(app: FastifyInstance, ctx: Context) {
  app.get('/health', { config: { rateLimit: false } }, async () => {
    try {
      await ctx.db.query('select 1');
    } catch {
      throw new AppError('db_connect_error', 503);
    }
    return { data: { status: 'ok' } };
  });
}
