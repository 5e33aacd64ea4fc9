import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import { instanceEvents } from '../instances/index.js';
import { removeInstanceBackups } from './backups.js';
import { registerInstanceDataHandlers } from './handlers.js';
import { instanceDataRoutes } from './routes.js';

export const instanceDataModule = defineModule({
  name: 'instance-data',
  dependencies: ['instances'],
  setup() {
    // A destroyed instance's backups go once its VM is gone.
    instanceEvents.onVmRemoved(removeInstanceBackups);
  },
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'instances', session: true }, (a) => instanceDataRoutes(a, ctx)));
  },
  tasks: registerInstanceDataHandlers,
});
