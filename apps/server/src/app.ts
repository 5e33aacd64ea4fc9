import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyBaseLogger } from 'fastify';
import { serializerCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { installRouteCatalogue, validatorCompiler, type Api } from './lib/api.js';
import { trustProxyOption } from './lib/client-address.js';
import type { Context } from './lib/context.js';
import { lazyChildLoggerFactory } from './lib/logger.js';
import { registerInvoiceHooks } from './modules/billing/hooks.js';
import { storeIssuer } from './modules/billing/issuer.js';
import { accountRoutes } from './modules/account/routes.js';
import { affiliateClickRoutes, affiliateRoutes } from './modules/affiliate/routes.js';
import { authRoutes, sessionRoutes } from './modules/auth/routes.js';
import { catalogRoutes } from './modules/catalog/routes.js';
import { consoleRoutes, consoleSocketRoutes } from './modules/consoles/routes.js';
import { deployRoutes } from './modules/deploy/routes.js';
import { taskRoutes } from './modules/tasks/routes.js';
import { instanceRoutes } from './modules/instances/routes.js';
import { instanceDataRoutes } from './modules/instance-data/routes.js';
import { instanceActionRoutes } from './modules/instances/action-routes.js';
import { liveRoutes } from './modules/instances/live-routes.js';
import { healthRoutes } from './modules/health/routes.js';
import { siteRoutes } from './modules/site/routes.js';
import { keyRoutes } from './modules/keys/routes.js';
import { billingRoutes } from './modules/billing/routes.js';
import { paymentRoutes } from './modules/payments/routes.js';
import { sandboxPages } from './modules/payments/sandbox-page.js';
import { webhookRoutes } from './modules/payments/webhook-routes.js';
import { installStaffAuth } from './modules/staff/guard.js';
import { staffRoutes } from './modules/staff/routes.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { noticeStaffRoutes } from './modules/notices/staff-routes.js';
import { ticketRoutes } from './modules/tickets/routes.js';
import { identityRoutes, oauthRoutes } from './modules/oauth/routes.js';
import { staffTicketRoutes } from './modules/tickets/staff-routes.js';
import { installErrorHandler } from './plugins/errors.js';
import { installOpenApi } from './plugins/openapi.js';
import { installApiRateLimit } from './plugins/rate-limit.js';
import { installSecurity, type SecurityOptions } from './plugins/security.js';
import { routeGroup } from './plugins/session.js';
import { installUnicodeCheck } from './plugins/unicode.js';
import { installSpa } from './plugins/spa.js';

const here = path.dirname(fileURLToPath(import.meta.url));
export const DEFAULT_WEB_DIST = path.resolve(here, '../../web/dist');
const LOGO = readFileSync(path.resolve(here, '../../web/public/favicon.svg'));

/** Builds the HTTP app: infrastructure plugins first, then the API, then the SPA. */
export async function buildApp(ctx: Context): Promise<Api> {
  registerInvoiceHooks(ctx);
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
