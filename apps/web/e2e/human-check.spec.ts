import { createAccount } from './support/api';
import { expect, expectAccessible, field, presetChoice, test } from './support/fixtures';
import { E2E } from './support/ports';

// Ten failed sign-ins used to lock the account, so anyone could lock a customer out.
// After repeated failures the server now answers need_recaptcha; the form solves the self-hosted
// proof-of-work challenge in the page (under the console's CSP: any violation is a console error,
// which fails the test) and signs in.

const TEXT = {
  en_US: {
    email: 'Email',
    password: 'Password',
    terms: 'I agree to the terms of service and privacy policy',
    signIn: 'Sign in',
    signedIn: 'Signed in',
    checking: "Verifying you're human…",
    progress: 'Verification progress',
  },
  zh_CN: {
    email: '邮箱',
    password: '密码',
    terms: '我同意服务条款和隐私政策',
    signIn: '登录',
    signedIn: '登录成功',
    checking: '正在验证您是真人…',
    progress: '验证进度',
  },
} as const;

/** Failed sign-ins for the account from elsewhere, as an attacker guessing its password. */
async function failSignIns(email: string, times: number) {
  for (let i = 0; i < times; i++) {
    const res = await fetch(`${E2E.baseUrl}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: email, Password: `guess number ${i}`, AgreeTerms: true }),
    });
    expect(res.status).toBe(400);
  }
}

const CASES = [
  { locale: 'en_US', theme: 'light', viewport: { width: 1280, height: 800 } },
  { locale: 'zh_CN', theme: 'dark', viewport: { width: 390, height: 844 } },
] as const;

for (const { locale, theme, viewport } of CASES) {
  const t = TEXT[locale];

  test.describe(`the human check (${locale}, ${theme}, ${viewport.width}px)`, () => {
    test.use({ viewport });
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale, theme });
    });

    test('shows the challenge after failed sign-ins, solves it and signs in', async ({ page }) => {
      const account = await createAccount();
      await failSignIns(account.email, 5);

      // The challenge is held until the check has been seen, so the panel cannot come and go unseen.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/api/captcha', async (route) => {
        await held;
        await route.continue();
      });

      await page.goto('/login');
      await field(page, t.email).fill(account.email);
      await field(page, t.password).fill(account.password);
      await page.getByRole('checkbox', { name: t.terms }).check();
      await page.getByRole('button', { name: t.signIn, exact: true }).click();

      const panel = page.getByRole('status').filter({ hasText: t.checking });
      await expect(panel).toBeVisible();
      // Nothing solved yet: the bar is empty (its filled part has no width to be visible).
      await expect(panel.getByRole('progressbar', { name: t.progress })).toHaveAttribute('aria-valuenow', '0');
      const box = await panel.boundingBox();
      expect(box!.x + box!.width).toBeLessThanOrEqual(viewport.width);
      await expectAccessible(page, `the human check (${locale}, ${theme})`);
      release();

      await expect(page.getByText(t.signedIn, { exact: true })).toBeVisible({ timeout: 60_000 });
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(panel).toHaveCount(0);
    });
  });
}
