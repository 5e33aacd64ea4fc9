import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installRouteCatalogue, validatorCompiler, type Api } from './infra/lib/api.js';
import { trustProxyOption } from './infra/lib/client-address.js';
import type { Context } from './infra/lib/context.js';
import { lazyChildLoggerFactory } from './infra/lib/logger.js';
import { MODULES, setupModules } from './modules.js';
import { modulePlugin } from './infra/lib/module.js';
import { installErrorHandler, unroutableHandler } from './infra/http/errors.js';
import { installMetricsRoute, installObservability, requestIdGenerator } from './infra/http/observe.js';
import { installOpenApi } from './infra/http/openapi.js';
import { installApiRateLimit } from './infra/http/rate-limit.js';
import { installSecurity, securityHeaderSetter, type SecurityOptions } from './infra/http/security.js';
import { installUnicodeCheck } from './infra/http/unicode.js';
import { installSpa } from './infra/http/spa.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
const LOGO = readFileSync(path.resolve(here, '../../web/public/favicon.svg'));

/** Builds the HTTP app: infrastructure plugins first, then the API, then the SPA. */
export async function buildApp(ctx: Context): Promise<Api> {
  await setupModules(ctx);
  const security: SecurityOptions = {
    https: ctx.config.PUBLIC_URL.startsWith('https:'),
    stripeJs: !!ctx.config.STRIPE_PUBLISHABLE_KEY && ctx.config.PAYMENT_GATEWAYS.includes('stripe'),
  };
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    genReqId: requestIdGenerator(ctx.config.TRUST_PROXY !== false),
    bodyLimit: 1_048_576,
    frameworkErrors: unroutableHandler(securityHeaderSetter(security)),
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRouteCatalogue(app);
  installErrorHandler(app);
  installObservability(app, ctx.metrics);
  installUnicodeCheck(app);
  await installSecurity(app, security);
  await installOpenApi(app, { brand: ctx.config.BRAND_NAME, publicUrl: ctx.config.PUBLIC_URL, logo: LOGO });
  installMetricsRoute(app, ctx.metrics, ctx.config.METRICS_TOKEN);
  for (const m of MODULES) m.app?.(app, ctx);
  await app.register(
    async (api: Api) => {
      installApiRateLimit(api, ctx.config.RATE_LIMIT_PER_MINUTE);
      for (const m of MODULES) await api.register(modulePlugin(m, ctx));
    },
    { prefix: '/api' },
  );
  for (const m of MODULES) await m.pages?.(app, ctx);
  await installSpa(app, { dist: ctx.config.WEB_DIST ?? DEFAULT_WEB_DIST, brand: ctx.config.BRAND_NAME });
  return app;
}
