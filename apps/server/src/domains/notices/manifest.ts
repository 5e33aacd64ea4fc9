import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import type { Api } from '../../infra/lib/api.js';
import { noticeRoutes } from './routes.js';
import { noticeStaffRoutes } from './staff-routes.js';

export const noticesModule = defineModule({
  name: 'notices',
  dependencies: ['accounts'],
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'notices', session: true }, (a) => noticeRoutes(a, ctx)));
    await api.register((a: Api) => noticeStaffRoutes(a, ctx));
  },
});
