import { Region, Template, TemplatesQuery } from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../lib/api.js';
import type { Context } from '../../lib/context.js';
import { listCatalog, productTemplates } from './service.js';

/** The catalogue customers deploy from. */
export async function catalogRoutes(app: Api, ctx: Context) {
  app.get(
    '/deploy/products',
    {
      schema: {
        summary: 'The catalogue: regions → groups (types) → products (sizes)',
        description:
          'Prices are integer minor units of each product’s Currency, per cycle key. Products with an Ord value are hidden from the deploy page.',
        response: replies(z.array(Region)),
      },
    },
    async () => ({ data: await listCatalog(ctx) }),
  );
  app.get(
    '/product/templates',
    {
      schema: {
        summary: 'The images (templates) a product can be deployed with',
        querystring: TemplatesQuery,
        response: replies(z.array(Template)),
      },
    },
    async (req) => ({ data: await productTemplates(ctx, req.query.productId) }),
  );
}
