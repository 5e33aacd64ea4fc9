import { ErrorBody, formatAmount } from '@nimbus/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { documentedOnly, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { escapeHtml } from '../../infra/http/spa.js';
import { requestedLocale } from '../../infra/lib/locale.js';
import { gatewaysOf } from './gateways/index.js';
import { sandboxSecret } from './gateways/sandbox-secret.js';
import { SANDBOX_PAGE_PREFIX, type SandboxCallback } from './gateways/sandbox.js';
import { payments, type PaymentRow } from './repository.js';
import { SANDBOX_TEXT, type SandboxText } from './sandbox-text.js';
import { receiveWebhook } from './service.js';
import { SANDBOX_SIGNATURE_HEADER } from './gateways/sandbox.js';

// The CSP allows inline styles (Mantine needs them) but no inline scripts; the page has none.
const STYLE = `
:root { color-scheme: light dark; font-family: system-ui, sans-serif; }
*, *::before, *::after { box-sizing: border-box; }
body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: Canvas; color: CanvasText; }
main { width: min(26rem, calc(100vw - 2rem)); padding: 1.5rem; border: 1px solid GrayText; border-radius: 0.75rem; }
.banner { margin: 0 0 1rem; padding: 0.75rem; border-radius: 0.5rem; background: #ffe08a; color: #3d2e00; font-weight: 600; }
dl { display: grid; grid-template-columns: auto 1fr; gap: 0.5rem 1rem; }
dt { color: GrayText; } dd { margin: 0; font-variant-numeric: tabular-nums; }
.amount { font-size: 1.5rem; font-weight: 700; }
form { display: flex; gap: 0.75rem; flex-wrap: wrap; margin-top: 1.5rem; }
button, a.button { flex: 1; min-height: 2.75rem; padding: 0 1rem; border-radius: 0.5rem; font: inherit; font-weight: 600; cursor: pointer; text-align: center; line-height: 2.75rem; text-decoration: none; }
.approve { border: 0; background: #1c7c3c; color: #fff; }
.decline { border: 1px solid #b3261e; background: transparent; color: #b3261e; }
@media (prefers-color-scheme: dark) { .decline { color: #ff8a80; border-color: #ff8a80; } }
a.button { border: 1px solid GrayText; color: inherit; }
`;

const fill = (text: string, values: Record<string, string | number>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => String(values[k] ?? ''));

function page(locale: 'en_US' | 'zh_CN', t: SandboxText, body: string): string {
  return `<!doctype html>
<html lang="${locale === 'zh_CN' ? 'zh-CN' : 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">
<title>${escapeHtml(t.title)}</title><style>${STYLE}</style></head>
<body><main><p class="banner" role="note">${escapeHtml(t.banner)}</p>${body}</main></body></html>`;
}

function paymentBody(t: SandboxText, p: PaymentRow, token: string): string {
  const purpose = p.purpose === 'invoice' ? fill(t.purpose.invoice, { id: p.invoice_id ?? '' }) : t.purpose.topup;
  const facts = `<h1>${escapeHtml(t.title)}</h1><dl>
<dt>${escapeHtml(t.payment)}</dt><dd>#${p.id} · ${escapeHtml(purpose)}</dd>
<dt>${escapeHtml(t.amount)}</dt><dd class="amount">${formatAmount(p.amount)} ${escapeHtml(p.currency.trim())}</dd></dl>`;
  if (p.status !== 'pending') {
    return `${facts}<p role="status">${escapeHtml(fill(t.done, { status: t.status[p.status] }))}</p>
<form><a class="button" href="/billing?payment_id=${p.id}">${escapeHtml(t.back)}</a></form>`;
  }
  return `${facts}<form method="post" action="${SANDBOX_PAGE_PREFIX}/${p.id}">
<input type="hidden" name="t" value="${escapeHtml(token)}">
<button class="approve" type="submit" name="decision" value="approve">${escapeHtml(t.approve)}</button>
<button class="decline" type="submit" name="decision" value="decline">${escapeHtml(t.decline)}</button>
</form>`;
}

/** An HTML page of the sandbox checkout, for the document. */
const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } });
const pageParams = z.object({ id: z.string().describe('The payment id.') });

// The pages check their link themselves and answer a page, never the JSON envelope, for a bad one:
// their schemas document them (validatorCompiler: documentedOnly).
const PAGE_SCHEMA = {
  summary: 'Sandbox checkout page',
  description:
    'The sandbox gateway’s checkout, served by the console from the payment’s own link (`t`): its amount and two buttons, in the language of `lang`, the language cookie or Accept-Language.',
  tags: ['payments'],
  params: pageParams,
  querystring: z.object({
    t: z.string().optional().describe('The link token of the payment.'),
    lang: z.string().optional().describe('en_US or zh_CN.'),
  }),
  response: {
    200: html('The checkout page (or, once decided, the payment’s outcome).'),
    404: html('A page saying the link is not valid.'),
    '5xx': ErrorBody,
  },
};
const DECISION_SCHEMA = {
  summary: 'Sandbox checkout decision',
  description:
    'The checkout page’s form: approves or declines the payment through a callback signed like a gateway’s webhook, then sends the browser back to `/billing?payment_id=`.',
  tags: ['payments'],
  params: pageParams,
  consumes: ['application/x-www-form-urlencoded'],
  body: z.object({
    t: z.string().describe('The link token of the payment.'),
    decision: z.enum(['approve', 'decline']),
  }),
  response: {
    303: z.null().describe('Back to /billing?payment_id= (Location header).'),
    400: html('A page saying the link or the decision is not valid.'),
    '5xx': ErrorBody,
  },
};

/**
 * The sandbox gateway's own checkout page, served by the console: the payment's amount and two
 * buttons. Only the payment's own link (its token) opens it. A decision is turned into a signed
 * callback and handed to the same verification path the webhook route uses, then the browser goes
 * back to /billing, as from a real gateway.
 */
export async function sandboxPages(app: Api, ctx: Context) {
  const sandbox = gatewaysOf(ctx).sandbox;
  if (!sandbox) return;
  // Made (or read) now, so that no request needs a second pooled connection for it in a transaction.
  await sandboxSecret(ctx);
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  const textOf = (req: FastifyRequest) => {
    const locale = requestedLocale(
      (req.query as Record<string, string | undefined>).lang,
      req.headers.cookie,
      req.headers['accept-language'],
    );
    return { locale, t: SANDBOX_TEXT[locale] as SandboxText };
  };
  /** The payment a link names, if the link's token is its own. */
  const linked = async (idText: string, token: unknown) => {
    const id = Number(idText);
    if (
      !Number.isSafeInteger(id) ||
      id <= 0 ||
      typeof token !== 'string' ||
      !(await sandbox.checkLinkToken(id, token))
    ) {
      return null;
    }
    const p = await payments.byId(ctx.db, id);
    return p?.method === 'sandbox' ? p : null;
  };
  const send = (reply: FastifyReply, status: number, html: string) =>
    reply.code(status).header('cache-control', 'no-store').type('text/html; charset=utf-8').send(html);

  app.get(
    `${SANDBOX_PAGE_PREFIX}/:id`,
    { schema: PAGE_SCHEMA, validatorCompiler: documentedOnly },
    async (req, reply) => {
      const { locale, t } = textOf(req);
      const p = await linked(req.params.id, req.query.t);
      if (!p) return send(reply, 404, page(locale, t, `<p role="alert">${escapeHtml(t.invalid)}</p>`));
      return send(reply, 200, page(locale, t, paymentBody(t, p, req.query.t!)));
    },
  );

  app.post(
    `${SANDBOX_PAGE_PREFIX}/:id`,
    { schema: DECISION_SCHEMA, validatorCompiler: documentedOnly },
    async (req, reply) => {
      const { locale, t } = textOf(req);
      const form: Partial<Record<string, unknown>> = req.body ?? {};
      const p = await linked(req.params.id, form.t);
      const decision = form.decision;
      if (!p || (decision !== 'approve' && decision !== 'decline')) {
        return send(reply, 400, page(locale, t, `<p role="alert">${escapeHtml(t.invalid)}</p>`));
      }
      const callback: SandboxCallback = { PaymentId: p.id, Outcome: decision === 'approve' ? 'succeeded' : 'failed' };
      const raw = JSON.stringify(callback);
      await receiveWebhook(ctx, sandbox, Buffer.from(raw), { [SANDBOX_SIGNATURE_HEADER]: await sandbox.sign(raw) });
      return reply.redirect(`/billing?payment_id=${p.id}`, 303);
    },
  );
}
