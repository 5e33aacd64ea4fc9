import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { siteRoutes } from './routes.js';

export const siteModule = defineModule({
  name: 'site',
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'platform' }, (a) => siteRoutes(a, ctx)));
  },
});
