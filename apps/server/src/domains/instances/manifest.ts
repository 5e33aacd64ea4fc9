import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { instanceActionRoutes } from './action-routes.js';
import { registerLifecycleHandlers } from './handlers.js';
import { liveRoutes } from './live-routes.js';
import { instanceRoutes } from './routes.js';
import { taskRoutes } from './task-routes.js';

export const instancesModule = defineModule({
  name: 'instances',
  dependencies: ['deploy'],
  async routes(api, ctx) {
    await api.register(
      routeGroup(ctx, { tag: 'instances', session: true }, async (a) => {
        await instanceRoutes(a, ctx);
        await instanceActionRoutes(a, ctx);
        await taskRoutes(a, ctx);
      }),
    );
    // The status poll and the instance page's other reads, in a scope of their own.
    await api.register(liveRoutes(ctx));
  },
  tasks: registerLifecycleHandlers,
});
