import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installRouteCatalogue, validatorCompiler, type Api } from './infra/lib/api.js';
import { trustProxyOption } from './infra/lib/client-address.js';
import type { Context } from './infra/lib/context.js';
import { lazyChildLoggerFactory } from './infra/lib/logger.js';
import { registerHooks } from './hooks.js';
import { storeIssuer } from './domains/billing/issuer.js';
import { accountRoutes } from './domains/accounts/account-routes.js';
import { affiliateClickRoutes, affiliateRoutes } from './domains/affiliate/routes.js';
import { authRoutes, sessionRoutes } from './domains/accounts/auth-routes.js';
import { catalogRoutes } from './domains/catalog/routes.js';
import { consoleRoutes, consoleSocketRoutes } from './domains/consoles/routes.js';
import { deployRoutes } from './domains/deploy/routes.js';
import { taskRoutes } from './domains/instances/task-routes.js';
import { instanceRoutes } from './domains/instances/routes.js';
import { instanceDataRoutes } from './domains/instance-data/routes.js';
import { instanceActionRoutes } from './domains/instances/action-routes.js';
import { liveRoutes } from './domains/instances/live-routes.js';
import { healthRoutes } from './domains/health/routes.js';
import { siteRoutes } from './domains/site/routes.js';
import { keyRoutes } from './domains/keys/routes.js';
import { billingRoutes } from './domains/billing/routes.js';
import { paymentRoutes } from './domains/payments/routes.js';
import { sandboxPages } from './domains/payments/sandbox-page.js';
import { webhookRoutes } from './domains/payments/webhook-routes.js';
import { installStaffAuth } from './domains/accounts/staff-guard.js';
import { staffRoutes } from './domains/staff/routes.js';
import { noticeRoutes } from './domains/notices/routes.js';
import { noticeStaffRoutes } from './domains/notices/staff-routes.js';
import { ticketRoutes } from './domains/tickets/routes.js';
import { identityRoutes, oauthRoutes } from './domains/oauth/routes.js';
import { staffTicketRoutes } from './domains/tickets/staff-routes.js';
import { installErrorHandler } from './infra/http/errors.js';
import { installOpenApi } from './infra/http/openapi.js';
import { installApiRateLimit } from './infra/http/rate-limit.js';
import { installSecurity, type SecurityOptions } from './infra/http/security.js';
import { routeGroup } from './infra/http/session.js';
import { installUnicodeCheck } from './infra/http/unicode.js';
import { installSpa } from './infra/http/spa.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
const LOGO = readFileSync(path.resolve(here, '../../web/public/favicon.svg'));

/** Builds the HTTP app: infrastructure plugins first, then the API, then the SPA. */
export async function buildApp(ctx: Context): Promise<Api> {
  registerHooks(ctx);
  await storeIssuer(ctx.db, ctx.config);
  const security: SecurityOptions = {
    https: ctx.config.PUBLIC_URL.startsWith('https:'),
    stripeJs: !!ctx.config.STRIPE_PUBLISHABLE_KEY && ctx.config.PAYMENT_GATEWAYS.includes('stripe'),
  };
  const app = Fastify({
    loggerInstance: ctx.log as FastifyBaseLogger,
    childLoggerFactory: lazyChildLoggerFactory,
    trustProxy: trustProxyOption(ctx.config.TRUST_PROXY),
    bodyLimit: 1_048_576,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installRouteCatalogue(app);
  installErrorHandler(app);
  installUnicodeCheck(app);
  await installSecurity(app, security);
  await installOpenApi(app, { brand: ctx.config.BRAND_NAME, publicUrl: ctx.config.PUBLIC_URL, logo: LOGO });
  installStaffAuth(app, ctx);
  await app.register(
    async (api: Api) => {
      installApiRateLimit(api, ctx.config.RATE_LIMIT_PER_MINUTE);
      await api.register(routeGroup(ctx, { tag: 'platform' }, (a) => healthRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'platform' }, (a) => siteRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'auth' }, (a) => authRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'auth', session: true }, (a) => sessionRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'account', session: true }, (a) => accountRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'keys', session: true }, (a) => keyRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'affiliate' }, (a) => affiliateClickRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'affiliate', session: true }, (a) => affiliateRoutes(a, ctx)));
      await api.register(
        routeGroup(ctx, { tag: 'deploy', session: true }, async (a) => {
          await catalogRoutes(a, ctx);
          await deployRoutes(a, ctx);
        }),
      );
      await api.register(
        routeGroup(ctx, { tag: 'instances', session: true }, async (a) => {
          await instanceRoutes(a, ctx);
          await instanceDataRoutes(a, ctx);
          await instanceActionRoutes(a, ctx);
          await taskRoutes(a, ctx);
        }),
      );
      await api.register(routeGroup(ctx, { tag: 'instances', session: true }, (a) => consoleRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'instances' }, (a) => consoleSocketRoutes(a, ctx)));
      await api.register(liveRoutes(ctx));
      await api.register(
        routeGroup(ctx, { tag: 'billing', session: true }, async (a) => {
          await billingRoutes(a, ctx);
          await paymentRoutes(a, ctx);
        }),
      );
      await api.register(routeGroup(ctx, { tag: 'billing' }, (a) => webhookRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'notices', session: true }, (a) => noticeRoutes(a, ctx)));
      await api.register((a: Api) => noticeStaffRoutes(a, ctx));
      await api.register((a: Api) => staffRoutes(a, ctx));
      await api.register(routeGroup(ctx, { tag: 'tickets', session: true }, (a) => ticketRoutes(a, ctx)));
      await api.register((a: Api) => staffTicketRoutes(a, ctx));
      await api.register(routeGroup(ctx, { tag: 'auth' }, (a) => oauthRoutes(a, ctx)));
      await api.register(routeGroup(ctx, { tag: 'account', session: true }, (a) => identityRoutes(a, ctx)));
    },
    { prefix: '/api' },
  );
  await app.register((a: Api) => sandboxPages(a, ctx));
  await installSpa(app, { dist: ctx.config.WEB_DIST ?? DEFAULT_WEB_DIST, brand: ctx.config.BRAND_NAME });
  return app;
}
