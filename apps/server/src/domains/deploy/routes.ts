import { DeployBody, DeployResult, PriceBody, PriceResult } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { idempotencyKeyOf, IdempotencyHeaders } from '../../infra/lib/idempotency.js';
import { authOf } from '../../infra/http/session.js';
import { deploy, price } from './service.js';

export async function deployRoutes(app: Api, ctx: Context) {
  app.post(
    '/deploy/price',
    {
      schema: {
        summary: 'Price a product for a cycle, with a promotion code',
        description:
          "`data` is the discounted price itself: an integer in minor units of the catalogue currency; the original price is the product's `Price` for the cycle in `GET /api/deploy/products`. Errors: get_product_error, wrong_cycle, invalid_promotion_code.",
        body: PriceBody,
        response: replies(PriceResult),
      },
    },
    async (req) => ({ data: await price(ctx, authOf(req).userId, req.body) }),
  );
  app.post(
    '/deploy',
    {
      schema: {
        summary: 'Deploy an instance',
        description:
          'Charges the balance, records a paid invoice, creates the instance and starts its provisioning task; poll `GET /api/instance/task/get`. Errors: balance_not_enough, out_of_stock, invalid_promotion_code, wrong_cycle, get_product_error, parse_data_error with fields. Send an Idempotency-Key to retry safely.',
        headers: IdempotencyHeaders,
        body: DeployBody,
        response: replies(DeployResult),
      },
    },
    async (req) => {
      return { data: await deploy(ctx, authOf(req).userId, req.body, idempotencyKeyOf(req)) };
    },
  );
}
