import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { paymentRoutes } from './routes.js';
import { sandboxPages } from './sandbox-page.js';
import { webhookRoutes } from './webhook-routes.js';

export const paymentsModule = defineModule({
  name: 'payments',
  dependencies: ['billing'],
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'billing', session: true }, (a) => paymentRoutes(a, ctx)));
    await api.register(routeGroup(ctx, { tag: 'billing' }, (a) => webhookRoutes(a, ctx)));
  },
  async pages(app, ctx) {
    await app.register((a) => sandboxPages(a, ctx));
  },
});
