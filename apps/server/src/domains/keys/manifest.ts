import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { keyRoutes } from './routes.js';

export const keysModule = defineModule({
  name: 'keys',
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'keys', session: true }, (a) => keyRoutes(a, ctx)));
  },
});
