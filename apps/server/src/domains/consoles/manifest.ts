import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import type { Context } from '../../infra/lib/context.js';
import { sessionEvents } from '../accounts/index.js';
import { instanceEvents } from '../instances/index.js';
import { openConsoles, recheckConsoles } from './registry.js';
import { consoleRoutes, consoleSocketRoutes } from './routes.js';

const closeInstanceConsoles = (ctx: Context, instanceId: number) => openConsoles(ctx).closeInstance(instanceId);

export const consolesModule = defineModule({
  name: 'consoles',
  dependencies: ['instances'],
  setup() {
    // Ended sessions close the consoles they opened; a destroyed instance's close when the destroy is asked for.
    sessionEvents.onEnded(recheckConsoles);
    instanceEvents.onDestroyStarted(closeInstanceConsoles);
  },
  async routes(api, ctx) {
    const open = ctx.metrics.gauge('nimbus_console_sessions_open', 'Console sockets this process serves.', []);
    ctx.metrics.onScrape('consoles', () => open.set(openConsoles(ctx).size));
    await api.register(routeGroup(ctx, { tag: 'instances', session: true }, (a) => consoleRoutes(a, ctx)));
    await api.register(routeGroup(ctx, { tag: 'instances' }, (a) => consoleSocketRoutes(a, ctx)));
  },
});
