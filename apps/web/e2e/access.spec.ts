import { createAccount } from './support/api';
import { expect, expectPageReady, field, presetChoice, signInAs, test } from './support/fixtures';

test.describe('access', () => {
  test.beforeEach(async ({ page }) => {
    await presetChoice(page, { locale: 'en_US' });
  });

  test('sends an unsigned visitor to /login with the way back and code 403, then back after sign-in', async ({
    page,
  }) => {
    await page.goto('/me?tab=password');
    await expect(page).toHaveURL(/\/login\?/);
    const url = new URL(page.url());
    expect(url.searchParams.get('redirect')).toBe('/me?tab=password');
    expect(url.searchParams.get('code')).toBe('403');
    await expect(page.getByText('You need to sign in to view that page.')).toBeVisible();

    const account = await createAccount();
    await field(page, 'Email').fill(account.email);
    await field(page, 'Password').fill(account.password);
    await page.getByRole('checkbox', { name: /I agree/ }).check();
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/me\?tab=password$/);
    await expect(page.getByRole('heading', { name: 'Account', level: 1 })).toBeVisible();
  });

  test('guards every authenticated route', async ({ page }) => {
    for (const path of ['/', '/dashboard', '/me']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/login\?.*code=403/);
    }
  });

  test('keeps the public routes public', async ({ page }) => {
    for (const [path, heading] of [
      ['/login', 'Sign in to your account'],
      ['/register', 'Create your account'],
      ['/forget-password', 'Reset your password'],
      ['/forbidden', 'Access denied'],
    ] as const) {
      await page.goto(path);
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
    }
  });

  test('sends a signed-in visitor away from the sign-in pages, to redirect when given', async ({ page }) => {
    await signInAs(page, await createAccount());
    for (const path of ['/login', '/register', '/forget-password']) {
      await page.goto(path);
      await expect(page, path).toHaveURL(/\/dashboard$/);
    }
    await page.goto('/login?redirect=%2Fme');
    await expect(page).toHaveURL(/\/me$/);
    await page.goto('/login?redirect=%2F%2Fevil.example.com%2F');
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/dashboard$/);
  });

  test('redirects / to /dashboard', async ({ page }) => {
    await signInAs(page, await createAccount());
    await page.goto('/');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('stores the session from ssid, uid and expires on /login (third-party return)', async ({ page }) => {
    const account = await createAccount({ profile: { FirstName: 'Oauth', LastName: 'Return' } });
    const { session_id, user_id, expire_at } = account.session;
    const q = new URLSearchParams({ ssid: session_id, uid: String(user_id), expires: expire_at, redirect: '/me' });
    await page.goto(`/login?${q}`);
    await expect(page).toHaveURL(/\/me$/);
    await expect(page.getByRole('banner')).toContainText('Oauth Return');
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? 'null'));
    expect(stored).toMatchObject({ session_id, user_id });
  });

  test('ignores ssid parameters that are expired or carry no valid uid', async ({ page }) => {
    const account = await createAccount();
    const past = new Date(Date.now() - 60_000).toISOString();
    for (const q of [
      { ssid: account.session.session_id, uid: String(account.session.user_id), expires: past },
      { ssid: account.session.session_id, uid: '0', expires: account.session.expire_at },
      { ssid: account.session.session_id, uid: 'abc', expires: account.session.expire_at },
    ]) {
      await page.goto(`/login?${new URLSearchParams(q)}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
    }
  });

  test('checks the stored session at each navigation: signing out in another tab takes effect', async ({ page }) => {
    await signInAs(page, await createAccount());
    await page.goto('/dashboard');
    // The loading screen has an h1 too: wait for the dashboard itself, whose reads all carried the session.
    await expectPageReady(page);
    await page.evaluate(() => localStorage.removeItem('session'));
    await page.getByRole('navigation').getByRole('link', { name: 'Account' }).click();
    await expect(page).toHaveURL(/\/login\?.*code=403/);
  });

  test('answers a 401 from the API with the Invalid Session toast, a cleared session and sign-in', async ({ page }) => {
    const account = await createAccount();
    await signInAs(page, account);
    await page.goto('/me');
    await expectPageReady(page);
    await fetch(`${new URL(page.url()).origin}/api/logout`, {
      method: 'POST',
      headers: { ssid: account.session.session_id },
    });
    await field(page, 'City').fill('Paris');
    await page.getByRole('button', { name: 'Save changes' }).click();
    // The page reloads onto the sign-in page; the toast is there to read when the customer lands.
    await expect(page).toHaveURL(/\/login\?/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sign in to your account');
    const toast = page.getByRole('alert').filter({ hasText: 'Invalid Session' });
    await expect(toast).toContainText('Please login again');
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  test('clears an expired stored session and asks for sign-in', async ({ page }) => {
    const account = await createAccount();
    await signInAs(page, {
      ...account,
      session: { ...account.session, expire_at: new Date(Date.now() - 1000).toISOString() },
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/login\?.*code=403/);
    expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
  });

  test('shows the not-found page with refresh and home buttons', async ({ page }) => {
    await signInAs(page, await createAccount());
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveTitle('Page not found - Nimbus');
    await page.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('shows the standalone not-found page to a visitor without a session, not the sign-in', async ({ page }) => {
    await page.goto('/no/such/page');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
    await expect(page).toHaveURL(/\/no\/such\/page$/);
    await expect(page.getByRole('navigation')).toHaveCount(0);
    await page.getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/login/);
  });

  test('shows the forbidden page with ways home and to sign in', async ({ page }) => {
    await page.goto('/forbidden');
    await expect(page.getByText('Insufficient identity permission.', { exact: false })).toBeVisible();
    await expect(page).toHaveTitle('Access denied - Nimbus');
    await page.getByRole('link', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/login/);
  });
});

// Each language sets its own stored choice, so these stand outside the English describe above.
test.describe('signed-in not-found page', () => {
  for (const [locale, t] of [
    ['en_US', { title: 'Page not found', nav: 'Main navigation' }],
    ['zh_CN', { title: '页面未找到', nav: '主导航' }],
  ] as const) {
    test(`keeps the shell around the not-found page of a signed-in customer (${locale})`, async ({ page }) => {
      await presetChoice(page, { locale });
      await signInAs(page, await createAccount());
      await page.goto('/no/such/page');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
      // The header (with the balance) and the sidebar stay, so the customer can go on from here.
      await expect(page.getByRole('banner')).toContainText('0.00 USD');
      await page.getByRole('navigation', { name: t.nav }).getByRole('link').first().click();
      await expect(page).toHaveURL(/\/dashboard$/);
    });
  }
});
