import { Region, Template, TemplatesQuery } from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { localeOf } from '../../infra/lib/locale.js';
import { listCatalog, productTemplates } from './service.js';

/** The catalogue customers deploy from. */
export async function catalogRoutes(app: Api, ctx: Context) {
  app.get(
    '/deploy/products',
    {
      schema: {
        summary: 'The catalogue: regions → groups (types) → products (sizes)',
        description:
          'Prices are integer minor units of each product’s Currency, per cycle key. Products with an Ord value are hidden from the deploy page. Names and descriptions are in the language of `Accept-Language` (any Chinese → zh_CN, else en_US), or the other one where the operator wrote only that.',
        response: replies(z.array(Region)),
      },
    },
    async (req) => ({ data: await listCatalog(ctx, localeOf(req)) }),
  );
  app.get(
    '/product/templates',
    {
      schema: {
        summary: 'The images (templates) a product can be deployed with',
        description: 'Names in the language of `Accept-Language`, as api/deploy/products.',
        querystring: TemplatesQuery,
        response: replies(z.array(Template)),
      },
    },
    async (req) => ({ data: await productTemplates(ctx, req.query.productId, localeOf(req)) }),
  );
}
