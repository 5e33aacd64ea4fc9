import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { catalogRoutes } from './routes.js';

export const catalogModule = defineModule({
  name: 'catalog',
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'deploy', session: true }, (a) => catalogRoutes(a, ctx)));
  },
});
