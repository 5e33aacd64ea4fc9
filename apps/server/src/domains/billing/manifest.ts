import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { storeIssuer } from './issuer.js';
import { billingRoutes } from './routes.js';

export const billingModule = defineModule({
  name: 'billing',
  // Invoices and receipts print the issuer of the moment they are written: the current settings.
  setup: (ctx) => storeIssuer(ctx.db, ctx.config),
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'billing', session: true }, (a) => billingRoutes(a, ctx)));
  },
});
