import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { adminCli } from './support/admin';
import { createAccount, type Account } from './support/api';
import { expect, expectDialogShown, expectPageReady, field, presetChoice, signInAs, test } from './support/fixtures';

const TEXT = {
  en_US: {
    browserLocale: 'en-US',
    topUp: 'Top up',
    amount: 'Amount',
    pay: (amount: string) => `Pay ${amount}`,
    tooSmall: 'The amount is below the minimum',
    tooLarge: 'The amount is above the maximum',
    testBadge: 'Test payments',
    sandboxBanner: /TEST GATEWAY/,
    approve: 'Approve payment',
    decline: 'Decline',
    success: 'Payment successful',
    topUpDone: (amount: string) => `${amount} has been added to your balance.`,
    notCompleted: 'Payment not completed',
    declined: (amount: string) => `The payment of ${amount} was declined.`,
    transactions: 'Transactions',
    balance: 'Balance',
    recentActivity: 'Recent activity',
    invoices: 'Invoices',
    topUpKind: 'Top-up',
    chargeKind: 'Charge',
    invoice: (id: number) => `Invoice #${id}`,
    unpaid: 'Unpaid',
    paid: 'Paid',
    payNow: 'Pay now',
    accountBalance: 'Account balance',
    notEnough: 'Your balance is not enough. Please top up first.',
    topUpLink: 'Top up your balance',
    cancel: 'Cancel',
    invoicePaid: (id: number, amount: string) => `Invoice #${id} of ${amount} is paid.`,
    filter: 'Filter invoices by status',
    manual: 'Manual invoice',
    notFound: 'Invoice get failed',
    print: 'Print',
    invoicedTo: 'Invoiced to',
    from: 'From',
    downloadPdf: 'Download PDF',
    invoiceDate: 'Invoice date',
    created: 'Created',
    line: 'Consulting, November',
    pageTitle: (id: number) => `Invoice #${id} · Billing - Nimbus`,
    receiptButton: /Download the receipt of payment #\d+/,
    pdfLang: 'en',
    recent: 'Recent invoices',
    total: 'Total',
  },
  zh_CN: {
    browserLocale: 'zh-CN',
    topUp: '充值',
    amount: '金额',
    pay: (amount: string) => `支付 ${amount}`,
    tooSmall: '金额低于最低限额',
    tooLarge: '金额超过最高限额',
    testBadge: '测试支付',
    sandboxBanner: /测试网关/,
    approve: '确认付款',
    decline: '拒绝',
    success: '支付成功',
    topUpDone: (amount: string) => `${amount} 已充入您的余额。`,
    notCompleted: '付款未完成',
    declined: (amount: string) => `${amount} 的付款被拒绝`,
    transactions: '交易记录',
    balance: '余额',
    recentActivity: '近期动态',
    invoices: '账单',
    topUpKind: '充值',
    chargeKind: '扣款',
    invoice: (id: number) => `账单 #${id}`,
    unpaid: '未支付',
    paid: '已支付',
    payNow: '立即支付',
    accountBalance: '账户余额',
    notEnough: '余额不足，请先充值。',
    topUpLink: '为余额充值',
    cancel: '取消',
    invoicePaid: (id: number, amount: string) => `账单 #${id}（${amount}）已支付。`,
    filter: '按状态筛选账单',
    manual: '人工账单',
    notFound: '获取账单失败',
    print: '打印',
    invoicedTo: '客户信息',
    from: '服务商',
    downloadPdf: '下载 PDF',
    invoiceDate: '账单日期',
    created: '创建时间',
    line: '十一月技术咨询',
    pageTitle: (id: number) => `账单 #${id} · 费用中心 - Nimbus`,
    receiptButton: /下载付款 #\d+ 的收据/,
    pdfLang: 'zh-CN',
    recent: '最近的账单',
    total: '合计',
  },
} as const;

/** Writes an unpaid manual invoice with the operator CLI and answers its id. */
function createInvoice(account: Account, amount: string, description: string): number {
  const out = adminCli('invoice:create', '--email', account.email, '--amount', amount, '--description', description);
  const id = /#(\d+)/.exec(out)?.[1];
  if (!id) throw new Error(`no invoice id in: ${out}`);
  return Number(id);
}

const header = (page: Page) => page.getByRole('banner');

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`/billing (${locale})`, () => {
    // The sandbox gateway's page speaks the browser's language, as a real gateway's would.
    test.use({ locale: t.browserLocale });

    test('tops up through the sandbox gateway and shows it in the header and the ledger', async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
      await signInAs(page, await createAccount());
      await page.goto('/billing');
      await expectPageReady(page);
      const topUp = page.getByRole('region', { name: t.topUp, exact: true });
      await expect(topUp.getByText(t.testBadge)).toBeVisible();

      await field(page, t.amount).fill('0.50');
      await topUp.getByRole('button', { name: t.pay('0.50 USD') }).click();
      await expect(topUp.getByText(t.tooSmall)).toBeVisible();
      await field(page, t.amount).fill('20000');
      await topUp.getByRole('button', { name: t.pay('20,000.00 USD') }).click();
      await expect(topUp.getByText(t.tooLarge)).toBeVisible();

      await field(page, t.amount).fill('12.34');
      await topUp.getByRole('button', { name: t.pay('12.34 USD') }).click();
      await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
      await expect(page.getByText(t.sandboxBanner)).toBeVisible();
      await page.getByRole('button', { name: t.approve }).click();

      await expect(page.getByText(t.topUpDone('12.34 USD'))).toBeVisible();
      await expect(page).toHaveURL(/\/billing$/);
      await expect(header(page)).toContainText('12.34 USD');
      // The balance card lists the newest movements of the balance.
      const recent = page
        .getByRole('region', { name: t.balance, exact: true })
        .getByRole('list', { name: t.recentActivity });
      await expect(recent.getByRole('listitem')).toHaveCount(1);
      await expect(recent.getByRole('listitem')).toContainText('+12.34 USD');
      await page.getByRole('tab', { name: t.transactions }).click();
      const ledger = page.getByRole('table', { name: t.transactions });
      await expect(ledger.getByRole('row').nth(1)).toContainText(t.topUpKind);
      await expect(ledger.getByRole('row').nth(1)).toContainText('+12.34 USD');
      const [receipt] = await Promise.all([
        page.waitForEvent('download'),
        ledger.getByRole('row').nth(1).getByRole('button', { name: t.receiptButton }).click(),
      ]);
      expect(receipt.suggestedFilename()).toMatch(/^receipt-\d+\.pdf$/);
      expect(readFileSync((await receipt.path())!).toString('latin1')).toContain(`/Lang (${t.pdfLang})`);
    });

    test('says so when the payment is declined at the gateway', async ({ page }) => {
      await presetChoice(page, { locale, theme: 'dark' });
      await signInAs(page, await createAccount());
      await page.goto('/billing');
      await expectPageReady(page);
      const topUp = page.getByRole('region', { name: t.topUp, exact: true });
      // The first preset is chosen from the start.
      await topUp.getByRole('button', { name: '20.00 USD' }).click();
      await topUp.getByRole('button', { name: t.pay('20.00 USD') }).click();
      await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
      await page.getByRole('button', { name: t.decline }).click();

      const alert = page.getByRole('alert').filter({ hasText: t.notCompleted });
      await expect(alert).toContainText(t.declined('20.00 USD'));
      await expect(page).toHaveURL(/\/billing$/);
      await expect(header(page)).toContainText('0.00 USD');
    });

    test('pays an unpaid invoice from the balance, after being told the balance was short', async ({ page }) => {
      const account = await createAccount({ profile: { FirstName: 'Ivy', LastName: 'Payer', City: 'Lyon' } });
      adminCli('user:balance', '--email', account.email, '--add', '50', '--note', 'e2e top-up');
      const small = createInvoice(account, '12.50', 'E2E support plan');
      const large = createInvoice(account, '80', 'E2E migration service');
      await presetChoice(page, { locale, theme: 'light' });
      await signInAs(page, account);

      await page.goto('/dashboard');
      const recent = page.getByRole('region', { name: t.recent });
      await expect(recent.getByRole('link', { name: t.invoice(large) })).toBeVisible();
      await recent.getByRole('link', { name: t.invoice(large) }).click();
      await expect(page).toHaveURL(new RegExp(`/invoices/${large}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.invoice(large));
      await page.getByRole('button', { name: t.payNow }).click();
      await expectDialogShown(page);
      const dialog = page.getByRole('dialog');
      await expect(dialog.getByRole('radio', { name: t.accountBalance })).toBeChecked();
      await dialog.getByRole('button', { name: t.pay('80.00 USD') }).click();
      await expect(dialog.getByRole('alert')).toContainText(t.notEnough);
      await expect(dialog.getByRole('link', { name: t.topUpLink })).toHaveAttribute('href', '/billing');
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toHaveCount(0);

      await page.goto('/billing');
      await expectPageReady(page);
      await page.getByRole('radiogroup', { name: t.filter }).getByText(t.unpaid, { exact: true }).click();
      await expect(page).toHaveURL(/status=unpaid/);
      const list = page.getByRole('table', { name: t.invoices });
      await expect(list.getByRole('row')).toHaveCount(3);
      await list.getByRole('link', { name: t.invoice(small) }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.invoice(small));
      await expect(page.getByRole('main')).toContainText('E2E support plan');
      await expect(page.getByRole('main')).toContainText(t.manual);
      await page.getByRole('button', { name: t.payNow }).click();
      await page
        .getByRole('dialog')
        .getByRole('button', { name: t.pay('12.50 USD') })
        .click();
      await expect(page.getByText(t.invoicePaid(small, '12.50 USD'))).toBeVisible();
      await expect(header(page)).toContainText('37.50 USD');
      await expect(page.getByRole('main').getByText(t.paid, { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: t.payNow })).toHaveCount(0);

      await page.goto('/billing?tab=transactions');
      const ledger = page.getByRole('table', { name: t.transactions });
      await expect(ledger.getByRole('row').nth(1)).toContainText(t.chargeKind);
      await expect(ledger.getByRole('row').nth(1)).toContainText('-12.50 USD');
    });

    test('opens an invoice_id deep link, and warns and stays on /billing for one it cannot read', async ({ page }) => {
      const account = await createAccount();
      const mine = createInvoice(account, '9.99', 'E2E deep link');
      const other = await createAccount();
      const theirs = createInvoice(other, '5', 'E2E not yours');
      await presetChoice(page, { locale, theme: 'light' });
      await signInAs(page, account);

      await page.goto(`/billing?invoice_id=${mine}`);
      await expect(page).toHaveURL(new RegExp(`/invoices/${mine}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.invoice(mine));
      // Page titles (docs/product/README.md#the-shell-and-the-dashboard): the section and the
      // product name follow the item.
      await expect(page).toHaveTitle(t.pageTitle(mine));
      await expect(page.getByTestId('invoice-total')).toHaveText('9.99 USD');

      for (const id of [String(theirs), '999999999', 'abc']) {
        await page.goto(`/billing?invoice_id=${id}`);
        await expect(page.getByText(t.notFound).first()).toBeVisible();
        await expect(page).toHaveURL(/\/billing$/);
        await expectPageReady(page);
      }
      await page.goto(`/invoices/${theirs}`);
      await expect(page.getByText(t.notFound).first()).toBeVisible();
      await expect(page).toHaveURL(/\/billing$/);
    });

    test('shows the issuer and its line in the reader’s language, one date, and downloads the PDF', async ({
      page,
    }) => {
      const account = await createAccount({ profile: { FirstName: 'Lin', LastName: 'Wei', Country: 'CN' } });
      adminCli('user:balance', '--email', account.email, '--add', '1234.56', '--note', 'Welcome', '--note-zh', '欢迎');
      const out = adminCli(
        ...['invoice:create', '--email', account.email, '--amount', '1234.5'],
        ...['--description', 'Consulting, November', '--description-zh', '十一月技术咨询'],
      );
      const id = Number(/#(\d+)/.exec(out)?.[1]);
      await presetChoice(page, { locale, theme: 'light' });
      await signInAs(page, account);
      await page.goto(`/invoices/${id}`);
      await expectPageReady(page);
      const invoice = page.getByRole('article', { name: t.invoice(id) });
      await expect(invoice.getByRole('heading', { name: t.from })).toBeVisible();
      await expect(invoice).toContainText(t.line);
      await expect(invoice.getByRole('row', { name: new RegExp(t.total) })).toContainText('1,234.50 USD');
      await expect(invoice.getByText(t.invoiceDate, { exact: true })).toBeVisible();
      await expect(invoice.getByText(t.created, { exact: true })).toHaveCount(0);
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: t.downloadPdf }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`invoice-${id}.pdf`);
      const pdf = readFileSync((await download.path())!);
      // Printed in the language the invoice was issued in: the account's (English) at the time.
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1')).toContain('/Lang (en)');
      // The balance credit reads in the reader's language too.
      await page.goto('/billing?tab=transactions');
      await expect(page.getByRole('table', { name: t.transactions })).toContainText(
        locale === 'zh_CN' ? '欢迎' : 'Welcome',
      );
      await expect(page.getByRole('table', { name: t.transactions })).toContainText('1,234.56 USD');
    });

    test('prints the invoice alone, in black on white, in the dark theme too', async ({ page }) => {
      const account = await createAccount({ profile: { FirstName: 'Pia', LastName: 'Printer', Country: 'DE' } });
      const id = createInvoice(account, '42', 'E2E printed service');
      await presetChoice(page, { locale, theme: 'dark' });
      await signInAs(page, account);
      await page.goto(`/invoices/${id}`);
      await expectPageReady(page);
      await expect(page.getByRole('button', { name: t.print })).toBeVisible();
      await expect(page.getByRole('banner')).toBeVisible();

      await page.emulateMedia({ media: 'print' });
      await expect(page.getByRole('banner')).toBeHidden();
      await expect(page.locator('#app-navbar')).toBeHidden();
      await expect(page.getByRole('button', { name: t.print })).toBeHidden();
      await expect(page.getByRole('button', { name: t.payNow })).toBeHidden();
      const invoice = page.getByRole('article', { name: t.invoice(id) });
      await expect(invoice).toBeVisible();
      await expect(invoice).toContainText('E2E printed service');
      await expect(invoice).toContainText('Pia Printer');
      await expect(invoice.getByRole('heading', { name: t.invoicedTo })).toBeVisible();
      await expect(invoice.getByRole('row', { name: new RegExp(t.total) })).toContainText('42.00 USD');
      const colours = await invoice.evaluate((el) => ({
        body: getComputedStyle(document.body).backgroundColor,
        card: getComputedStyle(el).backgroundColor,
        text: getComputedStyle(el).color,
      }));
      expect(colours).toEqual({ body: 'rgb(255, 255, 255)', card: 'rgb(255, 255, 255)', text: 'rgb(0, 0, 0)' });
      const pdf = await page.pdf();
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');

      await page.emulateMedia({ media: 'screen' });
      await expect(page.getByRole('banner')).toBeVisible();
    });
  });
}
