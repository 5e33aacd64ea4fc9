import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { invoiceEvents } from '../billing/index.js';
import { recordPurchase, releaseDue, reverseCommission } from './commissions.js';
import { affiliateClickRoutes, affiliateRoutes } from './routes.js';
import { configureAffiliate } from './settings.js';

export const affiliateModule = defineModule({
  name: 'affiliate',
  setup(ctx) {
    configureAffiliate(ctx.config);
    // A referred customer's paid invoice earns a commission, and its refund reverses it.
    invoiceEvents.onPaid(recordPurchase);
    invoiceEvents.onPaidCancelled(reverseCommission);
  },
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'affiliate' }, (a) => affiliateClickRoutes(a, ctx)));
    await api.register(routeGroup(ctx, { tag: 'affiliate', session: true }, (a) => affiliateRoutes(a, ctx)));
  },
  queues: (ctx) => [
    // Commissions whose hold has passed become available; one UPDATE, harmless if two replicas ran it.
    {
      name: 'affiliate.release',
      concurrency: 1,
      cron: '* * * * *',
      handler: async () => {
        await releaseDue(ctx.db);
      },
    },
  ],
});
