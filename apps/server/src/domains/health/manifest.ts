import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { healthRoutes } from './routes.js';

export const healthModule = defineModule({
  name: 'health',
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'platform' }, (a) => healthRoutes(a, ctx)));
  },
});
