import type { Invoice, InvoiceList, InvoicePayResult } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { topUp } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { unpaidInvoice } from '../../../test/payment-helpers.js';
import { OPENAPI_PATH } from '../../infra/http/openapi.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', TOPUP_RATE_LIMIT_PER_HOUR: '500' });
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;
const invoices = (u: Customer, qs = '') => call<InvoiceList>(h, 'GET', `/api/invoices${qs}`, { ssid: u.ssid });
const invoice = (u: Customer, id: number) => call<Invoice>(h, 'GET', `/api/invoice?id=${id}`, { ssid: u.ssid });
const pay = (u: Customer, body: unknown, key?: string) =>
  call<InvoicePayResult>(h, 'POST', '/api/invoice/pay', { ssid: u.ssid, body, key });

describe('invoices', () => {
  it('lists the caller’s invoices newest first, pages them and filters by status', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const made = [];
    for (let i = 0; i < 5; i++) made.push(await unpaidInvoice(h, u.userId, 100 * (i + 1), `Line ${i}`));
    await unpaidInvoice(h, other.userId, 999);
    await topUp(h, u.userId, 1000);
    expect((await pay(u, { Id: made[1]!.id, Method: 'balance' })).status).toBe(200);
    const all = await invoices(u);
    expect(all.body.data.Total).toBe(5);
    expect(all.body.data.Items.map((i) => i.Id)).toEqual(made.map((i) => i.id).reverse());
    expect(all.body.data.Items[0]).toMatchObject({
      Kind: 'manual',
      Status: 'unpaid',
      Amount: 500,
      Currency: 'USD',
      Hostname: null,
    });
    const page2 = await invoices(u, '?limit=2&page=2');
    expect([page2.body.data.Total, page2.body.data.Items.map((i) => i.Id)]).toEqual([5, [made[2]!.id, made[1]!.id]]);
    const paid = await invoices(u, '?status=paid');
    expect(paid.body.data).toMatchObject({
      Total: 1,
      Items: [{ Id: made[1]!.id, Status: 'paid', PaidAt: expect.any(String) }],
    });
    const bad = await invoices(u, '?status=lost&limit=0');
    expect([bad.status, bad.body.fields]).toEqual([400, { status: 'invalid_value', limit: 'invalid_value' }]);
  });

  it('shows one invoice with its items and invoiced-to block; another customer’s is not found', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const made = await unpaidInvoice(h, u.userId, 1234, 'Support hours');
    const r = await invoice(u, made.id);
    expect(r.body.data).toMatchObject({
      Id: made.id,
      Amount: 1234,
      Items: [{ Description: 'Support hours', Amount: 1234 }],
      InvoicedTo: { Email: u.email, FirstName: '', Country: '' },
    });
    for (const res of [await invoice(other, made.id), await invoice(u, made.id + 1_000_000)]) {
      expect([res.status, res.body.code]).toEqual([404, 'db_no_record']);
    }
    const stolen = await pay(other, { Id: made.id, Method: 'balance' });
    expect([stolen.status, stolen.body.code]).toEqual([404, 'db_no_record']);
  });
});
describe('access and documentation', () => {
  it('needs a session, and every route is in the OpenAPI document', async () => {
    for (const [method, url] of [
      ['GET', '/api/invoices'],
      ['GET', '/api/invoice?id=1'],
      ['GET', '/api/balance/transactions'],
      ['GET', '/api/paymentMethods'],
      ['GET', '/api/payment?id=1'],
      ['POST', '/api/balance/topup'],
      ['POST', '/api/invoice/pay'],
      ['GET', '/api/invoice/pdf?id=1'],
      ['GET', '/api/payment/receipt?id=1'],
    ] as const) {
      expect((await call(h, method, url)).status).toBe(401);
    }
    const doc = (await h.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as { paths: Record<string, unknown> };
    const paths = ['/api/invoices', '/api/balance/topup', '/api/invoice/pay', '/api/payment/sandbox/webhook'];
    for (const path of [...paths, '/api/invoice/pdf', '/api/payment/receipt']) {
      expect(doc.paths[path], path).toBeDefined();
    }
  });
});
