import { defineModule } from '../../infra/lib/module.js';
import type { Api } from '../../infra/lib/api.js';
import { staffRoutes } from './routes.js';

export const staffModule = defineModule({
  name: 'staff',
  dependencies: ['accounts'],
  async routes(api, ctx) {
    await api.register((a: Api) => staffRoutes(a, ctx));
  },
});
