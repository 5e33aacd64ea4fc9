import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { identityRoutes, oauthRoutes } from './routes.js';

export const oauthModule = defineModule({
  name: 'oauth',
  dependencies: ['accounts'],
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'auth' }, (a) => oauthRoutes(a, ctx)));
    await api.register(routeGroup(ctx, { tag: 'account', session: true }, (a) => identityRoutes(a, ctx)));
  },
});
