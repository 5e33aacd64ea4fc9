import type { Payment } from '@nimbus/contract';
import { expect } from 'vitest';
import { withTx } from '../src/infra/db/pool.js';
import { invoicedTo } from '../src/domains/billing/invoices.js';
import { billing } from '../src/domains/billing/repository.js';
import { users } from '../src/domains/users/repository.js';
import { call } from './api.js';
import type { Harness } from './harness.js';

/** An unpaid invoice written for a customer, as the operator's invoice:create does. */
export async function unpaidInvoice(h: Harness, userId: number, amount: number, description = 'Consulting') {
  return withTx(h.db, async (tx) => {
    const user = (await users.byId(tx, userId))!;
    return billing.createManual(tx, {
      userId,
      amount,
      currency: user.currency.trim(),
      description,
      invoicedTo: invoicedTo(user),
      due: new Date(Date.now() + 7 * 86_400_000),
    });
  });
}

export async function topUpPayment(
  h: Harness,
  ssid: string,
  amount: number,
  method = 'sandbox',
  lang?: string,
): Promise<Payment> {
  const r = await call<Payment>(h, 'POST', '/api/balance/topup', {
    ssid,
    lang,
    body: { Amount: amount, Method: method },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** What a person does on the sandbox page: opens the payment's link and presses a button. */
export async function decideOnSandbox(h: Harness, payment: Payment, decision: 'approve' | 'decline') {
  const url = new URL(payment.Url!, 'http://console.test');
  const pageRes = await h.app.inject({ method: 'GET', url: url.pathname + url.search });
  expect(pageRes.statusCode).toBe(200);
  const form = /<form method="post" action="([^"]+)">\s*<input type="hidden" name="t" value="([^"]+)">/.exec(
    pageRes.body,
  );
  expect(form).not.toBeNull();
  const res = await h.app.inject({
    method: 'POST',
    url: form![1]!,
    payload: new URLSearchParams({ t: form![2]!, decision }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  return { page: pageRes.body, res };
}
