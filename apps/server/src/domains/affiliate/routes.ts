import {
  AffiliateClickBody,
  AffiliateCommissionList,
  AffiliatePageQuery,
  AffiliateSignupList,
  AffiliateStats,
  AffiliateStatsQuery,
  AffiliateSummary,
  AffiliateWithdrawBody,
  AffiliateWithdrawResult,
} from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { idempotencyKeyOf, IdempotencyHeaders } from '../../infra/lib/idempotency.js';
import { authOf, caller } from '../../infra/http/session.js';
import * as affiliate from './service.js';

/** Wires the programme into the app: its defaults, and the invoice hooks that record purchases and reverse them. */
/** POST api/aff/click: open to anyone, from the register page of a referral link. */
export async function affiliateClickRoutes(app: Api, ctx: Context) {
  app.post(
    '/aff/click',
    {
      schema: {
        summary: 'Count a visit of a referral link',
        description:
          'Counts once per visitor per day (a first-party cookie, or the address and user agent; only a hash is kept). Answers the same whether or not the code exists. Throttled per address.',
        body: AffiliateClickBody,
        response: replies(z.null()),
      },
    },
    async (req, reply) => {
      const who = caller(req);
      const setCookie = await affiliate.recordClick(ctx, {
        code: req.body.Code,
        ip: who.ip,
        userAgent: who.userAgent,
        cookie: req.headers.cookie,
        secure: ctx.config.PUBLIC_URL.startsWith('https:'),
      });
      if (setCookie) void reply.header('set-cookie', setCookie);
      return { data: null };
    },
  );
}

/**
 * The signed-in customer's side of the programme (GET api/user/aff and what /affiliate needs,
 * docs/product/affiliate.md#api).
 */
export async function affiliateRoutes(app: Api, ctx: Context) {
  app.get(
    '/user/aff',
    {
      schema: {
        summary: 'The caller’s affiliate programme',
        description: 'Code, referral link, rate, clicks, sign-ups, purchases and commission totals.',
        response: replies(AffiliateSummary),
      },
    },
    async (req) => ({ data: await affiliate.summary(ctx, authOf(req).userId) }),
  );
  app.get(
    '/user/aff/stats',
    {
      schema: {
        summary: 'Affiliate activity per day',
        description: 'Clicks, sign-ups, purchases and commission per UTC day over the last `days` days.',
        querystring: AffiliateStatsQuery,
        response: replies(AffiliateStats),
      },
    },
    async (req) => ({ data: await affiliate.stats(ctx, authOf(req).userId, req.query.days) }),
  );
  app.get(
    '/user/aff/signups',
    {
      schema: {
        summary: 'Customers who signed up through the link',
        description: 'Newest first, with masked addresses and their purchase counts only.',
        querystring: AffiliatePageQuery,
        response: replies(AffiliateSignupList),
      },
    },
    async (req) => ({ data: await affiliate.signups(ctx, authOf(req).userId, req.query) }),
  );
  app.get(
    '/user/aff/commissions',
    {
      schema: {
        summary: 'The caller’s commissions',
        description: 'Newest first: the purchase amount, the rate, the commission, its status and when it is released.',
        querystring: AffiliatePageQuery,
        response: replies(AffiliateCommissionList),
      },
    },
    async (req) => ({ data: await affiliate.commissions(ctx, authOf(req).userId, req.query) }),
  );
  app.post(
    '/user/aff/withdraw',
    {
      schema: {
        summary: 'Move available commission into the balance',
        description:
          'All that is available, or Amount. Writes a `commission` ledger entry. Nothing available is 409 `balance_not_enough`; more than available is 400 with `fields.Amount` = `amount_too_large`. Send an Idempotency-Key to retry safely.',
        headers: IdempotencyHeaders,
        body: AffiliateWithdrawBody,
        response: replies(AffiliateWithdrawResult),
      },
    },
    async (req) => {
      return { data: await affiliate.withdraw(ctx, authOf(req).userId, req.body, idempotencyKeyOf(req)) };
    },
  );
}
