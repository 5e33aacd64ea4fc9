import type { Invoice, LedgerList } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { decideOnSandbox, topUpPayment } from '../../../test/payment-helpers.js';
import { pdfInfo } from '../../../test/pdf.js';
import { withTx } from '../../infra/db/pool.js';
import { users } from '../users/index.js';
import { invoicedTo } from './invoices.js';
import { storeIssuer } from './issuer.js';
import { billing } from './repository.js';

// Invoices and receipts as documents: who issued them, the tax they include, their
// lines in the reader's language, and their PDFs in the language they were issued in.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({
    AUTH_RATE_LIMIT_SCALE: '50',
    PROVIDER_LEGAL_NAME: 'Nimbus Cloud Ltd.',
    PROVIDER_ADDRESS: '88 Queen’s Road\\nCentral, Hong Kong',
    PROVIDER_TAX_ID: 'HK-1234',
    TAX_RATE: '13',
  });
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;
const invoice = (u: Customer, id: number, lang?: string) =>
  call<Invoice>(h, 'GET', `/api/invoice?id=${id}`, { ssid: u.ssid, lang }).then((r) => r.body.data);
const download = (u: Customer, url: string) => h.app.inject({ method: 'GET', url, headers: { ssid: u.ssid } });

async function manualInvoice(userId: number, amount: number) {
  return withTx(h.db, async (tx) => {
    const user = (await users.byId(tx, userId))!;
    return billing.createManual(tx, {
      userId,
      amount,
      currency: 'USD',
      description: { en_US: 'Consulting, November', zh_CN: '十一月技术咨询' },
      invoicedTo: invoicedTo(user),
      due: new Date(Date.now() + 86_400_000),
    });
  });
}

describe('an invoice', () => {
  it('shows its issuer and the tax it includes, its lines in the reader’s language', async () => {
    const u = await signUp(h);
    const made = await manualInvoice(u.userId, 11_300);
    const en = await invoice(u, made.id, 'en-US');
    expect(en).toMatchObject({
      Issuer: { LegalName: 'Nimbus Cloud Ltd.', Address: '88 Queen’s Road\nCentral, Hong Kong', TaxId: 'HK-1234' },
      Amount: 11_300,
      Subtotal: 10_000,
      Tax: 1_300,
      TaxRate: 13,
      Locale: 'en_US',
      Items: [{ Description: 'Consulting, November', Amount: 11_300 }],
    });
    expect((await invoice(u, made.id, 'zh-CN,zh;q=0.9')).Items[0]!.Description).toBe('十一月技术咨询');
  });

  it('keeps the issuer, tax rate and language it was issued with', async () => {
    const u = await signUp(h);
    const before = await manualInvoice(u.userId, 10_000);
    // The provider changes its details and rate; the customer switches to Chinese.
    await storeIssuer(h.db, { ...h.ctx.config, PROVIDER_LEGAL_NAME: 'Nimbus Asia Ltd.', TAX_RATE: 6 });
    await call(h, 'POST', '/api/user/preferences/set', { ssid: u.ssid, body: { Locale: 'zh_CN', Theme: 'system' } });
    try {
      const after = await manualInvoice(u.userId, 10_600);
      const [old, fresh] = [await invoice(u, before.id), await invoice(u, after.id)];
      expect([old.Issuer.LegalName, old.TaxRate, old.Tax, old.Locale]).toEqual([
        'Nimbus Cloud Ltd.',
        13,
        1_150,
        'en_US',
      ]);
      expect([fresh.Issuer.LegalName, fresh.TaxRate, fresh.Tax, fresh.Locale]).toEqual([
        'Nimbus Asia Ltd.',
        6,
        600,
        'zh_CN',
      ]);
      // The printed form keeps the language of issue, whatever the reader's.
      const pdf = await download(u, `/api/invoice/pdf?id=${after.id}`);
      expect(pdf.statusCode).toBe(200);
      expect(pdf.headers['content-type']).toBe('application/pdf');
      expect(pdf.headers['content-disposition']).toBe(`attachment; filename="invoice-${after.id}.pdf"`);
      expect(pdfInfo(pdf.rawPayload)).toEqual({ lang: 'zh-CN', title: `账单 #${after.id}` });
      expect(pdfInfo((await download(u, `/api/invoice/pdf?id=${before.id}`)).rawPayload)).toEqual({
        lang: 'en',
        title: `Invoice #${before.id}`,
      });
    } finally {
      await storeIssuer(h.db, h.ctx.config);
    }
  });

  it('is another customer’s PDF for no one', async () => {
    const [owner, other] = [await signUp(h), await signUp(h)];
    const made = await manualInvoice(owner.userId, 500);
    const r = await download(other, `/api/invoice/pdf?id=${made.id}`);
    expect([r.statusCode, r.json().code]).toEqual([404, 'db_no_record']);
  });
});

describe('a top-up', () => {
  it('gets a receipt once paid, linked from its ledger entry, in the language it was paid in', async () => {
    const u = await signUp(h);
    const pending = await topUpPayment(h, u.ssid, 123_456, 'sandbox', 'zh-CN');
    expect((await download(u, `/api/payment/receipt?id=${pending.Id}`)).statusCode).toBe(409);
    await decideOnSandbox(h, pending, 'approve');
    const ledger = async (lang: string) =>
      (await call<LedgerList>(h, 'GET', '/api/balance/transactions', { ssid: u.ssid, lang })).body.data.Items[0]!;
    expect(await ledger('en')).toMatchObject({
      PaymentId: pending.Id,
      Note: `Top-up: payment #${pending.Id} (test gateway)`,
    });
    expect((await ledger('zh-CN')).Note).toBe(`余额充值：付款 #${pending.Id}（测试网关）`);
    const receipt = await download(u, `/api/payment/receipt?id=${pending.Id}`);
    expect([receipt.statusCode, receipt.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(pdfInfo(receipt.rawPayload)).toEqual({ lang: 'zh-CN', title: `收据 #${pending.Id}` });
    const stranger = await signUp(h);
    expect((await download(stranger, `/api/payment/receipt?id=${pending.Id}`)).statusCode).toBe(404);
  });
});
