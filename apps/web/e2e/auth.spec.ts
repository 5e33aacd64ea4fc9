import { createAccount } from './support/api';
import { expect, field, presetChoice, test } from './support/fixtures';
import { newEmail, readCode } from './support/mail';
import { E2E_LEGAL } from './support/ports';

const TEXT = {
  en_US: {
    email: 'Email',
    password: 'Password',
    confirm: 'Confirm password',
    code: 'Verification code',
    terms: 'I agree to the terms of service and privacy policy',
    termsLink: 'terms of service',
    privacyLink: 'privacy policy',
    sendCode: 'Send code',
    register: 'Create account',
    signIn: 'Sign in',
    registered: 'Account created',
    signedIn: 'Signed in',
    wrongPassword: 'Incorrect email or password.',
    logout: 'Log out',
    signedOut: 'Signed out',
    userMenu: 'Account menu',
    dashboardTitle: 'Dashboard - Nimbus',
    greeting: /^Good (morning|noon|afternoon|evening|night)/,
  },
  zh_CN: {
    email: '邮箱',
    password: '密码',
    confirm: '确认密码',
    code: '验证码',
    terms: '我同意服务条款和隐私政策',
    termsLink: '服务条款',
    privacyLink: '隐私政策',
    sendCode: '发送验证码',
    register: '创建账户',
    signIn: '登录',
    registered: '账户已创建',
    signedIn: '登录成功',
    wrongPassword: '邮箱或密码错误。',
    logout: '退出登录',
    signedOut: '已退出登录',
    userMenu: '账户菜单',
    dashboardTitle: '概览 - Nimbus',
    greeting: /^(早上好|中午好|下午好|晚上好|夜深了)/,
  },
} as const;

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`accounts (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale });
    });

    test('links the agreement box to the terms and the privacy policy on sign-in and sign-up', async ({ page }) => {
      for (const path of ['/login', '/register']) {
        await page.goto(path);
        const box = page.getByRole('checkbox', { name: t.terms });
        await expect(box).toBeVisible();
        const terms = page.getByRole('link', { name: t.termsLink, exact: true });
        const privacy = page.getByRole('link', { name: t.privacyLink, exact: true });
        await expect(terms).toHaveAttribute('href', E2E_LEGAL.terms);
        await expect(privacy).toHaveAttribute('href', E2E_LEGAL.privacy);
        // A new tab: the form keeps what was typed, and the box is not ticked by following a link.
        await expect(terms).toHaveAttribute('target', '_blank');
        await expect(box).not.toBeChecked();
      }
    });

    test('signs up with the code mailed to the SMTP server', async ({ page }) => {
      const email = newEmail('signup');
      await page.goto('/register');
      await field(page, t.email).fill(email);
      await page.getByRole('button', { name: t.sendCode }).click();
      const code = await readCode(email);
      await expect(page.getByRole('button', { name: /\d+/ }).first()).toBeDisabled();
      await field(page, t.code).fill(code);
      await field(page, t.password).fill('a strong password');
      await field(page, t.confirm).fill('a strong password');
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.register }).click();
      await expect(page.getByText(t.registered)).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.greeting);
      await expect(page).toHaveTitle(t.dashboardTitle);
    });

    test('signs in, refuses a wrong password, and signs out', async ({ page }) => {
      const account = await createAccount({ profile: { FirstName: 'Lin', LastName: 'Wei' } });
      await page.goto('/login');
      await field(page, t.email).fill(account.email);
      await field(page, t.password).fill('not the password');
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await expect(page.getByText(t.wrongPassword).first()).toBeVisible();
      await expect(page).toHaveURL(/\/login/);

      await field(page, t.password).fill(account.password);
      await page.getByRole('button', { name: t.signIn, exact: true }).click();
      await expect(page.getByText(t.signedIn, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole('banner')).toContainText('Lin Wei');

      await page.getByRole('button', { name: t.userMenu }).click();
      await page.getByRole('menuitem', { name: t.logout }).click();
      await expect(page.getByText(t.signedOut, { exact: true })).toBeVisible();
      await expect(page).toHaveURL(/\/login/);
      expect(await page.evaluate(() => localStorage.getItem('session'))).toBeNull();
      await page.goto('/dashboard');
      await expect(page).toHaveURL(/\/login\?/);
    });
  });
}
