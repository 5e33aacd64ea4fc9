import { defineModule } from '../../infra/lib/module.js';
import { routeGroup } from '../../infra/http/session.js';
import type { Api } from '../../infra/lib/api.js';
import { removeStaleUploads } from './attachments.js';
import { ticketRoutes } from './routes.js';
import { staffTicketRoutes } from './staff-routes.js';

export const ticketsModule = defineModule({
  name: 'tickets',
  dependencies: ['accounts'],
  async routes(api, ctx) {
    await api.register(routeGroup(ctx, { tag: 'tickets', session: true }, (a) => ticketRoutes(a, ctx)));
    await api.register((a: Api) => staffTicketRoutes(a, ctx));
  },
  queues: (ctx) => [
    // Ticket attachments no ticket or reply named within a day go, with their bytes.
    {
      name: 'tickets.attachments.cleanup',
      concurrency: 1,
      cron: '17 * * * *',
      handler: async () => {
        const removed = await removeStaleUploads(ctx);
        if (removed) ctx.log.info({ removed }, 'removed ticket attachments never sent');
      },
    },
  ],
});
