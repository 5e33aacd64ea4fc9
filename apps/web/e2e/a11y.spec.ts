import { createAccount, type Account } from './support/api';
import { expect, expectAccessible, presetChoice, signInAs, test } from './support/fixtures';

const PUBLIC = ['/login', '/register', '/forget-password', '/forbidden'];
const PRIVATE = ['/dashboard', '/me', '/me?tab=password', '/me?tab=email', '/me?tab=preferences', '/no/such/page'];

let account: Account;
test.beforeAll(async () => {
  account = await createAccount({ profile: { FirstName: 'Axe', LastName: 'Scanner', City: 'Oslo', Country: 'NO' } });
});

for (const locale of ['en_US', 'zh_CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test.describe(`axe, WCAG 2.2 AA with target-size (${locale}, ${theme})`, () => {
      test('public pages', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        for (const path of PUBLIC) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          await expectAccessible(page, `${path} ${locale} ${theme}`);
        }
      });

      test('signed-in pages', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await signInAs(page, account);
        for (const path of PRIVATE) {
          await page.goto(path);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.locator('html')).toHaveAttribute('data-mantine-color-scheme', theme);
          await expectAccessible(page, `${path} ${locale} ${theme}`);
        }
      });

      test('the sign-in page with its sign-in-required notice and field errors', async ({ page }) => {
        await presetChoice(page, { locale, theme });
        await page.goto('/login?redirect=%2Fme&code=403');
        await page.getByRole('button', { name: locale === 'en_US' ? 'Sign in' : '登录', exact: true }).click();
        await expect(page.getByRole('alert').first()).toBeVisible();
        await expectAccessible(page, `/login with errors ${locale} ${theme}`);
      });
    });
  }
}
