import { createAccount, deployInstance, openTicket } from './support/api';
import { adminCli } from './support/admin';
import { expect, expectDialogShown, field, presetChoice, signInAs, test } from './support/fixtures';
import { newEmail } from './support/mail';

const GREETINGS = [
  [6, 'Good morning, Ada', '早上好，Ada'],
  [12, 'Good noon, Ada', '中午好，Ada'],
  [15, 'Good afternoon, Ada', '下午好，Ada'],
  [19, 'Good evening, Ada', '晚上好，Ada'],
  [23, 'Good night, Ada', '夜深了，Ada'],
  [3, 'Good night, Ada', '夜深了，Ada'],
] as const;

test.describe('dashboard', () => {
  for (const [hour, en, zh] of GREETINGS) {
    test(`greets by the hour: ${hour}:30`, async ({ page }) => {
      const account = await createAccount({ profile: { FirstName: 'Ada' } });
      await page.clock.setFixedTime(new Date(2026, 10, 22, hour, 30));
      await presetChoice(page, { locale: 'en_US' });
      await signInAs(page, account);
      await page.goto('/dashboard');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(en);
      await page.getByRole('button', { name: 'Language: English' }).click();
      await page.getByRole('menuitem', { name: '简体中文' }).click();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(zh);
    });
  }

  test('shows the balance with two decimals in the header and the account summary', async ({ page }) => {
    const account = await createAccount({ profile: { FirstName: 'Rich' } });
    adminCli('user:balance', '--email', account.email, '--add', '1234.5', '--note', 'e2e top-up');
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, account);
    await page.goto('/dashboard');
    await expect(page.getByRole('banner')).toContainText('1,234.50 USD');
    await expect(page.getByRole('main')).toContainText('1,234.50 USD');
    await expect(page.getByRole('main')).toContainText(account.email);
  });

  test('leads a customer without servers to /deploy from the recent instances section', async ({ page }) => {
    await presetChoice(page, { locale: 'zh_CN' });
    await signInAs(page, await createAccount({ profile: { FirstName: 'Nova' } }));
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: '最近的实例' });
    await expect(recent).toContainText('还没有服务器');
    await recent.getByRole('link', { name: '部署服务器' }).click();
    await expect(page).toHaveURL(/\/deploy$/);
  });

  test('lists the 8 most recent instances, newest first, each linking to its page', async ({ page }) => {
    // Nine servers are deployed first, one after another.
    test.setTimeout(120_000);
    const account = await createAccount({ profile: { FirstName: 'Fleet' } });
    adminCli('user:balance', '--email', account.email, '--add', '500', '--note', 'e2e fleet');
    const ids: number[] = [];
    for (let i = 1; i <= 9; i++) ids.push((await deployInstance(account, `fleet-${i}`)).InstanceId);
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, account);
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: 'Recent instances' });
    const links = recent.getByRole('listitem').getByRole('link');
    await expect(links).toHaveText([
      'fleet-9',
      'fleet-8',
      'fleet-7',
      'fleet-6',
      'fleet-5',
      'fleet-4',
      'fleet-3',
      'fleet-2',
    ]);
    await recent.getByRole('link', { name: 'View all (9)' }).click();
    await expect(page).toHaveURL(/\/instances$/);
    await page.goBack();
    await recent.getByRole('link', { name: 'fleet-9' }).click();
    await expect(page).toHaveURL(new RegExp(`/instances/${ids[8]}$`));
  });
});

test.describe('dashboard support sections', () => {
  test('lists the 4 most recent tickets with their status, and opens the form on a ticket type', async ({ page }) => {
    const account = await createAccount({ profile: { FirstName: 'Hela' } });
    const ids: number[] = [];
    for (let i = 1; i <= 5; i++) ids.push(await openTicket(account, { title: `Question ${i}` }));
    adminCli('ticket:reply', String(ids[4]), '--as', 'Sam', '--content', 'Answered.');
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, account);
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: 'Recent tickets' });
    await expect(recent.getByRole('listitem').getByRole('link')).toHaveText([
      'Question 5',
      'Question 4',
      'Question 3',
      'Question 2',
    ]);
    await expect(recent.getByRole('listitem').first()).toContainText('Answered');
    await expect(recent.getByRole('listitem').nth(1)).toContainText('Open');
    await recent.getByRole('link', { name: 'Question 4' }).click();
    await expect(page).toHaveURL(new RegExp(`/tickets/${ids[3]}$`));
    await page.goBack();
    await recent.getByRole('link', { name: 'View all (5)' }).click();
    await expect(page).toHaveURL(/\/tickets$/);
    await page.goBack();

    // The operator's types (the three seeded on the first start), each opening the form on itself.
    const types = page.getByRole('region', { name: 'Get help with' });
    await expect(types).toContainText('Invoices, payments, refunds and your balance.');
    await types.getByRole('link', { name: 'Open a ticket: Billing' }).click();
    await expect(page).toHaveURL(/\/tickets\?new=1&type_id=\d+$/);
    await expectDialogShown(page);
    await expect(page.getByRole('textbox', { name: 'Type' })).toHaveValue('Billing');
  });

  test('invites a customer without tickets to open one', async ({ page }) => {
    await presetChoice(page, { locale: 'zh_CN' });
    await signInAs(page, await createAccount({ profile: { FirstName: 'Nova' } }));
    await page.goto('/dashboard');
    const recent = page.getByRole('region', { name: '最近的工单' });
    await expect(recent).toContainText('还没有工单');
    await recent.getByRole('link', { name: '提交工单' }).click();
    await expect(page).toHaveURL(/\/tickets\?new=1$/);
    await expect(page.getByRole('dialog', { name: '新建工单' })).toBeVisible();
  });
});

test.describe('shell behaviour', () => {
  test('shows the loading screen while the session is being checked', async ({ page }) => {
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, await createAccount());
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/dashboard', { waitUntil: 'commit' });
    await expect(page.getByText('Standby, page will be ready soon')).toBeVisible();
    await expect(page.getByText('Loading', { exact: true })).toBeVisible();
    release();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good /);
  });

  test('answers a 429 with the Too many requests toast, without leaving the page', async ({ page }) => {
    await presetChoice(page, { locale: 'en_US' });
    const email = newEmail('throttled');
    await page.goto('/register');
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Verification code sent')).toBeVisible();
    await page.reload();
    await field(page, 'Email').fill(email);
    await page.getByRole('button', { name: 'Send code' }).click();
    await expect(page.getByText('Too many requests', { exact: true })).toBeVisible();
    await expect(page.getByText('Please try again later', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/register$/);
    await expect(field(page, 'Email')).toHaveValue(email);
  });
});

test.describe('when the API cannot be reached', () => {
  // The router reports the failed load on the console; that is the behaviour under test.
  test.use({ expectedConsoleErrors: /Failed to fetch|ERR_CONNECTION_REFUSED/ });

  test('shows the error page with an apology and the message when the API cannot be reached', async ({ page }) => {
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, await createAccount());
    await page.route('**/api/session', (route) => route.abort('connectionrefused'));
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sorry, something went wrong', {
      timeout: 15_000,
    });
    await expect(page.getByText('Network error. Check your connection and try again.')).toBeVisible();
    await page.unroute('**/api/session');
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Good /);
  });
});
