import { KNOWN_KEYS } from '../../server/test/ssh-keys';
import { adminCli } from './support/admin';
import { addSshKey, createAccount, deployInstance, openTicket, type Account } from './support/api';
import { pngBytes } from '../../server/test/png';
import type { Page } from '@playwright/test';
import {
  expect,
  expectAccessible,
  expectDialogShown,
  expectPageReady,
  field,
  presetChoice,
  signInAs,
  test,
} from './support/fixtures';

const PUBLIC = ['/login', '/register', '/forget-password', '/forbidden'];
const PRIVATE = [
  '/dashboard',
  '/me',
  '/me?tab=password',
  '/me?tab=email',
  '/me?tab=keys',
  '/me?tab=preferences',
  '/deploy',
  '/instances',
  '/billing',
  '/billing?tab=transactions',
  '/affiliate',
  '/tickets',
  '/notices',
  '/no/such/page',
];

type Locale = 'en_US' | 'zh_CN';
const en = (locale: Locale) => locale === 'en_US';

/**
 * Each tab of the instance page, with what a person sees once its data is in (the scan must judge
 * the filled panel, not its loader).
 */
const INSTANCE_TABS: Record<string, (page: Page, locale: Locale) => Promise<void>> = {
  overview: async (page, locale) => {
    const guest = page.getByRole('region', { name: en(locale) ? 'Guest operating system' : '客户机操作系统' });
    await expect(guest).toContainText('Debian GNU/Linux 12 (bookworm)');
    await expect(page.getByTestId('chart-summary').first()).toHaveText(en(locale) ? /^Latest: / : /^最新：/);
  },
  history: async (page) => {
    const history = page.locator('[data-timeframe]');
    await expect(history.getByRole('figure').first().locator('canvas')).not.toHaveCount(0);
    await expect(history.getByRole('figure').first()).not.toHaveAttribute('data-points', '0');
  },
  network: async (page, locale) => {
    await expect(field(page, en(locale) ? 'Hostname' : '主机名')).toHaveValue('axe-web-1');
  },
  firewall: async (page, locale) => {
    await expect(
      page.getByText(
        en(locale) ? 'No rules yet: all traffic follows the default policies.' : '暂无规则：所有流量按默认策略处理。',
      ),
    ).toBeVisible();
  },
  backups: async (page, locale) => {
    await expect(page.getByText(en(locale) ? 'No backups yet.' : '暂无备份。')).toBeVisible();
  },
  snapshots: async (page, locale) => {
    await expect(page.getByText(en(locale) ? 'No snapshots yet.' : '暂无快照。')).toBeVisible();
  },
  settings: async (page, locale) => {
    // The catalogue's size names are in the console's language too.
    const size = en(locale) ? '2 vCPU · 4 GB' : '2 核 · 4 GB';
    await expect(page.getByRole('row').filter({ hasText: size })).toContainText('USD');
  },
};

let account: Account;
/** A customer with an SSH key: the main account shows the keys tab's empty state. */
let keyOwner: Account;
/** A customer with a running server, for the instance list and detail. */
let serverOwner: Account;
let instanceId: number;
/** A customer with a top-up and an unpaid invoice, for the filled billing pages. */
let payer: Account;
let invoiceId: number;
/** A customer with a ticket holding a screenshot and a staff answer. */
let ticketOwner: Account;
let ticketId: number;
test.beforeAll(async () => {
  // A deploy and four operator CLI runs (each a new Node process, seconds on busy cores).
  test.setTimeout(120_000);
  serverOwner = await createAccount();
  adminCli('user:balance', '--email', serverOwner.email, '--add', '20', '--note', 'e2e top-up');
  ({ InstanceId: instanceId } = await deployInstance(serverOwner, 'axe-web-1'));
  account = await createAccount({ profile: { FirstName: 'Axe', LastName: 'Scanner', City: 'Oslo', Country: 'NO' } });
  keyOwner = await createAccount();
  await addSshKey(keyOwner, 'Axe laptop', KNOWN_KEYS.ed25519.line);
  payer = await createAccount({ profile: { FirstName: 'Axe', LastName: 'Payer', City: 'Oslo', Country: 'NO' } });
  adminCli('user:balance', '--email', payer.email, '--add', '25', '--note', 'e2e top-up');
  const created = adminCli('invoice:create', '--email', payer.email, '--amount', '12.5', '--description', 'Axe plan');
  invoiceId = Number(/#(\d+)/.exec(created)?.[1]);
  ticketOwner = await createAccount({ profile: { FirstName: 'Axe', LastName: 'Asker' } });
  ticketId = await openTicket(ticketOwner, {
    title: 'Axe cannot reach port 443',
    content: 'Since the reboot port 443 times out.\nSee the screenshot.',
    file: { name: 'timeout.png', bytes: pngBytes(40, 24) },
  });
  adminCli('ticket:reply', String(ticketId), '--as', 'Axe Support', '--content', 'The firewall blocked it.');
});

for (const locale of ['en_US', 'zh_CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`axe, WCAG 2.2 AA with target-size (${locale}, ${theme})`, () => {
      // One test per page: the scan grows with the pages later issues add, never past a test's budget.
      for (const path of PUBLIC) {
        test(`public page ${path}`, async ({ page }) => {
          await presetChoice(page, { locale, theme });
          await page.goto(path);
          await expectPageReady(page);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          await expectAccessible(page, `${path} ${locale} ${theme}`);
        });
      }

      for (const path of PRIVATE) {
        test(`signed-in page ${path}`, async ({ page }) => {
          await presetChoice(page, { locale, theme });
          await signInAs(page, account);
          await page.goto(path);
          await expectPageReady(page);
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          await expectAccessible(page, `${path} ${locale} ${theme}`);
        });
      }

      test('the sign-in page with its sign-in-required notice and field errors', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await page.goto('/login?redirect=%2Fme&code=403');
        await page.getByRole('button', { name: locale === 'en_US' ? 'Sign in' : '登录', exact: true }).click();
        await expect(page.getByRole('alert').first()).toBeVisible();
        await expectAccessible(page, `/login with errors ${locale} ${theme}`);
      });

      test('the instance list with a server and its detail page', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await signInAs(page, serverOwner);
        await page.goto('/instances');
        await expectPageReady(page);
        await expect(page.getByRole('link', { name: 'axe-web-1' })).toBeVisible();
        await expectAccessible(page, `/instances with a server ${locale} ${theme}`);
        await page.goto(`/instances/${instanceId}`);
        await expectPageReady(page);
        await expect(page.getByRole('heading', { level: 1 })).toHaveText('axe-web-1');
        await expectAccessible(page, `/instances/{id} ${locale} ${theme}`);
      });

      for (const [tab, ready] of Object.entries(INSTANCE_TABS)) {
        test(`the instance page's ${tab} tab`, async ({ page }) => {
          await presetChoice(page, { locale, theme });
          await signInAs(page, serverOwner);
          await page.goto(`/instances/${instanceId}?tab=${tab}`);
          await expectPageReady(page);
          await expect(page.getByRole('tabpanel')).toBeVisible();
          await ready(page, locale);
          await expectAccessible(page, `/instances/{id}?tab=${tab} ${locale} ${theme}`);
        });
      }

      for (const kind of ['vnc', 'xterm'] as const) {
        test(`the ${kind === 'vnc' ? 'VNC' : 'terminal'} console page, connected`, async ({ page }) => {
          await presetChoice(page, { locale, theme });
          await signInAs(page, serverOwner);
          await page.goto(`/instances/${instanceId}/${kind}`);
          await expectPageReady(page);
          await expect(page.getByRole('status')).toHaveText(en(locale) ? 'Connected' : '已连接');
          if (kind === 'xterm') await expect(page.locator('.xterm-rows')).toContainText('axe-web-1 login:');
          else await expect(page.getByRole('application').locator('canvas')).toBeVisible();
          await expectAccessible(page, `/instances/{id}/${kind} ${locale} ${theme}`);
        });
      }

      test('billing with an invoice and the ledger, the invoice page and its pay dialog', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await signInAs(page, payer);
        await page.goto('/billing');
        await expectPageReady(page);
        const invoiceName = en(locale) ? `Invoice #${invoiceId}` : `账单 #${invoiceId}`;
        await expect(page.getByRole('link', { name: invoiceName })).toBeVisible();
        await expectAccessible(page, `/billing with an invoice ${locale} ${theme}`);
        await page.goto('/billing?tab=transactions');
        await expect(page.getByRole('table').getByText('+25.00 USD')).toBeVisible();
        await expectAccessible(page, `/billing?tab=transactions with a top-up ${locale} ${theme}`);
        await page.goto(`/invoices/${invoiceId}`);
        await expectPageReady(page);
        await expect(page.getByText('Axe plan')).toBeVisible();
        await expectAccessible(page, `/invoices/{id} ${locale} ${theme}`);
        await page.getByRole('button', { name: en(locale) ? 'Pay now' : '立即支付' }).click();
        await expectDialogShown(page);
        await expectAccessible(page, `invoice pay dialog ${locale} ${theme}`);
      });

      test('tickets with a ticket, its page and the new-ticket form with field errors', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await signInAs(page, ticketOwner);
        await page.goto('/tickets');
        await expectPageReady(page);
        await expect(page.getByRole('link', { name: 'Axe cannot reach port 443' })).toBeVisible();
        await expectAccessible(page, `/tickets with a ticket ${locale} ${theme}`);
        await page.goto(`/tickets/${ticketId}`);
        await expectPageReady(page);
        await expect(page.getByRole('article')).toHaveCount(2);
        const thumb = page.getByRole('article').first().locator('img');
        await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(40);
        await expectAccessible(page, `/tickets/{id} ${locale} ${theme}`);
        await page.goto('/tickets?new=1');
        await expectDialogShown(page);
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: en(locale) ? 'Open ticket' : '提交工单' }).click();
        await expect(
          dialog.getByText(en(locale) ? 'Ticket content cannot be empty' : '工单内容不能为空'),
        ).toBeVisible();
        await expectAccessible(page, `new-ticket form with errors ${locale} ${theme}`);
      });

      test('the SSH keys list, the key dialog with field errors and the delete dialog', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await signInAs(page, keyOwner);
        await page.goto('/me?tab=keys');
        await expectPageReady(page);
        await expect(page.getByText(KNOWN_KEYS.ed25519.fingerprint)).toBeVisible();
        await expectAccessible(page, `/me?tab=keys with a key ${locale} ${theme}`);
        await page.getByRole('button', { name: locale === 'en_US' ? 'Add key' : '添加密钥' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('button', { name: locale === 'en_US' ? 'Add key' : '添加密钥' }).click();
        await expect(dialog.getByText(locale === 'en_US' ? 'This field is required' : '此项为必填项')).toHaveCount(2);
        await expectDialogShown(page);
        await expectAccessible(page, `SSH key dialog with errors ${locale} ${theme}`);
        await dialog.getByRole('button', { name: locale === 'en_US' ? 'Cancel' : '取消' }).click();
        await expect(dialog).toHaveCount(0);
        await page.getByRole('button', { name: locale === 'en_US' ? 'Delete Axe laptop' : '删除 Axe laptop' }).click();
        await expectDialogShown(page);
        await expectAccessible(page, `SSH key delete dialog ${locale} ${theme}`);
      });
    });
  }
}
