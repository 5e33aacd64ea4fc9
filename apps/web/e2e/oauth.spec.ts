import type { Page } from '@playwright/test';
import { accountThroughProvider, createAccount } from './support/api';
import { expect, expectAccessible, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';
import { newEmail } from './support/mail';
import { E2E_OIDC, E2E_OIDC_HALFWAY, E2E_OIDC_OFFLINE } from './support/ports';

// Third-party sign-in with a real OpenID provider (oidc-provider, support/oidc-server.ts) on
// 127.0.0.1, through its own login and consent pages, which speak English in either language.

const TEXT = {
  en_US: {
    terms: 'I agree to the terms of service and privacy policy',
    continueWith: `Continue with ${E2E_OIDC.name}`,
    agreeFirst: 'Tick the box above to agree to the terms first.',
    dashboard: /^Good (morning|noon|afternoon|evening|night), /,
    loginFailed: 'Third-party login failed',
    emailExist: 'An account already uses this email address.',
    logins: 'Third-party logins',
    bound: 'Bound',
    notBound: 'Not bound',
    bind: `Bind ${E2E_OIDC.name}`,
    unbind: `Unbind ${E2E_OIDC.name}`,
    boundToast: `${E2E_OIDC.name} bound`,
    unboundToast: `${E2E_OIDC.name} unbound`,
    lastWay: `${E2E_OIDC.name} is the only way to sign in to this account`,
    bindFailed: 'Binding or unbinding failed',
    taken: `This ${E2E_OIDC.name} account is already bound to another account.`,
    setPassword: 'Set a password',
    current: 'Current password',
    continueWithName: (name: string) => `Continue with ${name}`,
    bindName: (name: string) => `Bind ${name}`,
    unreachable: (name: string) =>
      `${name} cannot be reached right now. Try again later, or use your email and password instead.`,
    bindUnreachable: (name: string) => `${name} cannot be reached right now, so nothing was bound. Try again later.`,
  },
  zh_CN: {
    terms: '我同意服务条款和隐私政策',
    continueWith: `通过 ${E2E_OIDC.name} 继续`,
    agreeFirst: '请先勾选上方的服务条款和隐私政策。',
    dashboard: /^(早上好|中午好|下午好|晚上好|夜深了)，/,
    loginFailed: '第三方登录失败',
    emailExist: '已有账户使用此邮箱。',
    logins: '第三方登录',
    bound: '已绑定',
    notBound: '未绑定',
    bind: `绑定 ${E2E_OIDC.name}`,
    unbind: `解绑 ${E2E_OIDC.name}`,
    boundToast: `已绑定 ${E2E_OIDC.name}`,
    unboundToast: `已解绑 ${E2E_OIDC.name}`,
    lastWay: `${E2E_OIDC.name} 是登录此账户的唯一方式`,
    bindFailed: '绑定或解绑失败',
    taken: `该 ${E2E_OIDC.name} 账户已绑定到其他账户。`,
    setPassword: '设置密码',
    current: '当前密码',
    continueWithName: (name: string) => `通过 ${name} 继续`,
    bindName: (name: string) => `绑定 ${name}`,
    unreachable: (name: string) => `暂时无法连接 ${name}。请稍后重试，或改用邮箱和密码。`,
    bindUnreachable: (name: string) => `暂时无法连接 ${name}，未能绑定。请稍后重试。`,
  },
} as const;

/** At the provider: its login page (any login name, the account's email), then its consent page. */
async function signInAtProvider(page: Page, login: string) {
  await expect(page).toHaveURL(new RegExp(`^${E2E_OIDC.issuer}/interaction/`));
  await page.getByPlaceholder('Enter any login').fill(login);
  await page.getByPlaceholder('and password').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue', exact: true }).click();
}

async function sessionEmail(page: Page): Promise<string> {
  const ssid = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').session_id as string);
  const res = await fetch(`${new URL(page.url()).origin}/api/session`, { headers: { ssid } });
  return ((await res.json()) as { data: { User: { Email: string } } }).data.User.Email;
}

/** The provider row of /me's third-party logins. */
const row = (page: Page) => page.getByRole('listitem').filter({ hasText: E2E_OIDC.name });

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`third-party logins (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
      // The provider's development pages import a web font; the suite stays off the internet.
      await page.route('https://fonts.googleapis.com/**', (r) => r.fulfill({ contentType: 'text/css', body: '' }));
    });

    test('signs up with the provider, lands on the dashboard and keeps it as the only way in', async ({ page }) => {
      await page.goto('/login?redirect=/dashboard');
      const button = page.getByRole('button', { name: t.continueWith });
      // The terms are accepted before any sign-in, the provider's included.
      await expect(button).toBeDisabled();
      await expect(page.getByText(t.agreeFirst)).toBeVisible();
      await page.getByRole('checkbox', { name: t.terms }).check();
      await expect(page.getByText(t.agreeFirst)).toHaveCount(0);
      await button.click();

      const email = newEmail('oidc');
      await signInAtProvider(page, email);
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.dashboard);
      expect(await sessionEmail(page)).toBe(email);

      await page.goto('/me?tab=logins');
      await expectPageReady(page);
      await expect(row(page)).toContainText(t.bound);
      await expect(row(page)).toContainText(email);
      await expect(page.getByRole('button', { name: t.unbind })).toBeDisabled();
      await expect(row(page)).toContainText(t.lastWay);
      // No password to confirm: the password section sets a first one.
      await row(page).getByRole('link', { name: t.setPassword }).click();
      await expect(page.getByRole('heading', { name: t.setPassword })).toBeVisible();
      await expect(page.getByLabel(t.current)).toHaveCount(0);
    });

    test('binds the provider to a password account on /me and unbinds it', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/me');
      await page.getByRole('tab', { name: t.logins }).click();
      await expect(row(page)).toContainText(t.notBound);
      await page.getByRole('button', { name: t.bind }).click();

      const login = newEmail('bind');
      await signInAtProvider(page, login);
      await expect(page.getByText(t.boundToast)).toBeVisible();
      await expect(page).toHaveURL(/\/me\?tab=logins$/);
      await expect(row(page)).toContainText(t.bound);
      await expect(row(page)).toContainText(login);

      // A password account keeps its password: the provider is not its last way in.
      await page.getByRole('button', { name: t.unbind }).click();
      await expect(page.getByText(t.unboundToast)).toBeVisible();
      await expect(row(page)).toContainText(t.notBound);
      await expect(page.getByRole('button', { name: t.bind })).toBeEnabled();
    });

    test('tells why a sign-in or a binding failed', async ({ page }) => {
      // An email that belongs to an account is never linked by a sign-in.
      const owner = await createAccount();
      await page.goto('/login');
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.continueWith }).click();
      await signInAtProvider(page, owner.email);
      await expect(page).toHaveURL(/\/login\?/);
      const alert = page.getByRole('alert').filter({ hasText: t.loginFailed });
      await expect(alert).toContainText(t.emailExist);

      // An identity bound to another account cannot be bound again.
      const taken = newEmail('taken');
      await accountThroughProvider(taken);
      // Signed out at the provider (its session cookie gone), to sign in there as someone else.
      await page.context().clearCookies();
      await signInAs(page, owner);
      await page.goto('/me?tab=logins');
      await page.getByRole('button', { name: t.bind }).click();
      await signInAtProvider(page, taken);
      await expect(page.getByText(t.bindFailed)).toBeVisible();
      await expect(page.getByText(t.taken)).toBeVisible();
      await expect(row(page)).toContainText(t.notBound);
    });
  });

  test.describe(`an unreachable provider (${locale})`, () => {
    // The start the server cannot make answers 502, which the browser logs.
    test.use({ expectedConsoleErrors: /status of 502 \(Bad Gateway\)/ });

    test(`says when a provider cannot be reached, signing in and binding (${locale})`, async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
      const offline = E2E_OIDC_OFFLINE.name;
      const halfway = E2E_OIDC_HALFWAY.name;
      // The sign-in cannot start: the server cannot reach the provider (a closed port).
      await page.goto('/login?redirect=/billing');
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.continueWithName(offline) }).click();
      const alert = page.getByRole('alert').filter({ hasText: t.loginFailed });
      await expect(alert).toContainText(t.unreachable(offline));
      await expect(page).toHaveURL(/\/login\?redirect=/);
      // The password form is still there to use instead.
      await expect(page.getByRole('button', { name: t.continueWith })).toBeEnabled();

      // The provider went down during the trip: its return cannot trade the code.
      await page.getByRole('button', { name: t.continueWithName(halfway) }).click();
      await expect(page).toHaveURL(/\/login\?.*oauth_error=unreachable/);
      await expect(alert).toContainText(t.unreachable(halfway));
      await expect(alert).not.toContainText(offline);

      // Binding, on /me: the same two failures, said as toasts on the logins tab.
      await signInAs(page, await createAccount());
      await page.goto('/me?tab=logins');
      await page.getByRole('button', { name: t.bindName(offline) }).click();
      await expect(page.getByText(t.bindUnreachable(offline))).toBeVisible();
      await expect(page.getByText(t.bindFailed).first()).toBeVisible();
      await page.getByRole('button', { name: t.bindName(halfway) }).click();
      await expect(page).toHaveURL(/\/me\?tab=logins$/);
      await expect(page.getByText(t.bindUnreachable(halfway))).toBeVisible();
      await expect(page.getByRole('listitem').filter({ hasText: halfway })).toContainText(t.notBound);
    });
  });

  for (const theme of ['light', 'dark'] as const) {
    test(`the sign-in buttons, the failure and /me's logins pass axe (${locale}, ${theme})`, async ({ page }) => {
      await presetChoice(page, { locale, theme });
      await page.goto(`/login?oauth_error=email_exist&provider=${E2E_OIDC.id}`);
      await expect(page.getByRole('alert').filter({ hasText: t.loginFailed })).toBeVisible();
      await expect(page.getByRole('button', { name: t.continueWith })).toBeDisabled();
      await expectAccessible(page, `/login with a provider ${locale} ${theme}`);

      const made = await accountThroughProvider(newEmail('axe'));
      await signInAs(page, { email: '', password: '', session: made.session });
      await page.goto('/me?tab=logins');
      await expect(row(page)).toContainText(t.lastWay);
      await expectAccessible(page, `/me third-party logins ${locale} ${theme}`);
    });
  }
}
