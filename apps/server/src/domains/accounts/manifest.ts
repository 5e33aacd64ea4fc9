import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { accountRoutes } from './account-routes.js';
import { authRoutes, sessionRoutes } from './auth-routes.js';
import { purgeExpired } from './purge.js';
import { installStaffAuth } from './staff-guard.js';

/** The queue of the scheduled purge of expired rows. */
export const PURGE_QUEUE = 'accounts.purge';

export const accountsModule = defineModule({
  name: 'accounts',
  app: installStaffAuth,
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'auth' }, (a) => authRoutes(a, ctx)));
    await api.register(routeGroup(ctx, { tag: 'auth', session: true }, (a) => sessionRoutes(a, ctx)));
    await api.register(routeGroup(ctx, { tag: 'account', session: true }, (a) => accountRoutes(a, ctx)));
  },
  queues: (ctx) => [
    // Expired sessions, old idempotency keys and spent codes.
    {
      name: PURGE_QUEUE,
      concurrency: 1,
      cron: '*/15 * * * *',
      handler: async () => {
        const removed = await purgeExpired(ctx.db);
        ctx.log.info({ removed }, 'purged expired sessions, keys and codes');
      },
    },
  ],
});
