import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { deployHandler } from './provision.js';
import { deployRoutes } from './routes.js';

export const deployModule = defineModule({
  name: 'deploy',
  dependencies: ['catalog', 'billing'],
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'deploy', session: true }, (a) => deployRoutes(a, ctx)));
  },
  tasks(runner, ctx) {
    runner.register('deploy', deployHandler(ctx));
  },
});
