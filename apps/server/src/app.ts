import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { Context } from './lib/context.js';
import { accountRoutes } from './modules/account/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { installErrorHandler } from './plugins/errors.js';
import { installApiRateLimit, installSecurity } from './plugins/security.js';
import { installSpa } from './plugins/spa.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');

/** Builds the HTTP app: infrastructure plugins first, then the API, then the SPA. */
export async function buildApp(ctx: Context): Promise<FastifyInstance> {
  const app: FastifyInstance = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    trustProxy: ctx.config.TRUST_PROXY,
    bodyLimit: 1_048_576,
  });
  installErrorHandler(app);
  await installSecurity(app, { https: ctx.config.PUBLIC_URL.startsWith('https:') });
  await app.register(
    async (api) => {
      await installApiRateLimit(api, ctx.config.RATE_LIMIT_PER_MINUTE);
      await healthRoutes(api, ctx);
      await authRoutes(api, ctx);
      await api.register(async (scoped) => accountRoutes(scoped, ctx));
    },
    { prefix: '/api' },
  );
  await installSpa(app, { dist: ctx.config.WEB_DIST ?? DEFAULT_WEB_DIST, brand: ctx.config.BRAND_NAME });
  return app;
}
