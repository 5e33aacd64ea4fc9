import type { Page } from '@playwright/test';
import { createAccount } from './support/api';
import { expect, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';

const loginHeading = { en_US: 'Sign in to your account', zh_CN: '登录您的账户' };
const scheme = (page: Page) => page.locator('html').getAttribute('data-mantine-color-scheme');

test.describe('language detection (stored, then query, then cookie, then browser)', () => {
  test('any Chinese browser locale gives zh_CN', async ({ browser }) => {
    for (const locale of ['zh-CN', 'zh-TW', 'zh-HK', 'zh']) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 }), locale).toHaveText(loginHeading.zh_CN);
      await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
      await expect(page).toHaveTitle('登录 - Nimbus');
      await context.close();
    }
  });

  test('any other browser locale gives en_US', async ({ browser }) => {
    for (const locale of ['en-GB', 'fr-FR', 'ja-JP']) {
      const context = await browser.newContext({ locale });
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1 }), locale).toHaveText(loginHeading.en_US);
      await expect(page.locator('html')).toHaveAttribute('lang', 'en');
      await context.close();
    }
  });

  test('a cookie beats the browser, the query string beats the cookie, the stored choice beats all', async ({
    browser,
    baseURL,
  }) => {
    const context = await browser.newContext({ locale: 'en-US' });
    await context.addCookies([{ name: 'lang', value: 'zh_CN', url: baseURL! }]);
    const page = await context.newPage();
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(loginHeading.zh_CN);

    await page.evaluate(() => localStorage.clear());
    await page.goto('/login?lang=en_US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(loginHeading.en_US);

    await page.evaluate(() => localStorage.setItem('locale', 'zh_CN'));
    await page.goto('/login?lang=en_US');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(loginHeading.zh_CN);
    await context.close();
  });
});

test.describe('switching', () => {
  test('switches the language from the header and keeps it', async ({ page }) => {
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, await createAccount());
    await page.goto('/dashboard');
    await expectPageReady(page);
    await page.getByRole('button', { name: 'Language: English' }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: '账户' })).toBeVisible();
    await expect(page).toHaveTitle('概览 - Nimbus');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('zh_CN');
    await page.reload();
    await expect(page.getByRole('navigation').getByRole('link', { name: '账户' })).toBeVisible();

    await page.getByRole('button', { name: /^语言/ }).click();
    await page.getByRole('menuitem', { name: 'English' }).click();
    await expect(page.getByRole('navigation').getByRole('link', { name: 'Account' })).toBeVisible();
  });

  test('switches the theme from the header and keeps it across reloads', async ({ page }) => {
    await presetChoice(page, { locale: 'en_US' });
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/login');
    expect(await scheme(page)).toBe('light');
    // The loading screen has its own header: a menu opened there goes with it, so open the page's.
    await expectPageReady(page);

    await page.getByRole('button', { name: 'Theme: System' }).click();
    await page.getByRole('menuitem', { name: 'Dark' }).click();
    await expect.poll(() => scheme(page)).toBe('dark');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    await page.reload();
    expect(await scheme(page)).toBe('dark');
    await expectPageReady(page);

    await page.getByRole('button', { name: 'Theme: Dark' }).click();
    await page.getByRole('menuitem', { name: 'Light' }).click();
    await expect.poll(() => scheme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('light');
  });

  test('follows the system when the theme is system', async ({ page }) => {
    await presetChoice(page, { locale: 'en_US', theme: 'system' });
    await page.emulateMedia({ colorScheme: 'dark' });
    await page.goto('/login');
    await expect.poll(() => scheme(page)).toBe('dark');
    await page.emulateMedia({ colorScheme: 'light' });
    await expect.poll(() => scheme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('system');
  });
});

test.describe('preferences follow the account', () => {
  test('language and theme saved on one device apply on another where nobody chose; a local choice still wins', async ({
    browser,
  }) => {
    const account = await createAccount();
    const device = async (locale: string, preset?: Parameters<typeof presetChoice>[1]) => {
      const context = await browser.newContext({ locale, colorScheme: 'light' });
      const page = await context.newPage();
      if (preset) await presetChoice(page, preset);
      await signInAs(page, account);
      return { context, page };
    };

    // A new account's defaults (English, system theme) are nobody's choice: a Chinese browser keeps Chinese.
    const fresh = await device('zh-CN');
    await fresh.page.goto('/dashboard');
    await expect(fresh.page.getByRole('navigation').getByRole('link', { name: '账户' })).toBeVisible();
    await fresh.context.close();

    // The first device chooses Chinese and dark in the header; both are saved to the account.
    const first = await device('en-US', { locale: 'en_US', theme: 'light' });
    await first.page.goto('/dashboard');
    await expectPageReady(first.page);
    const saved = first.page.waitForResponse((r) => r.url().endsWith('/api/user/preferences/set') && r.ok());
    await first.page.getByRole('button', { name: 'Language: English' }).click();
    await first.page.getByRole('menuitem', { name: '简体中文' }).click();
    await saved;
    const savedTheme = first.page.waitForResponse((r) => r.url().endsWith('/api/user/preferences/set') && r.ok());
    await first.page.getByRole('button', { name: /^主题/ }).click();
    await first.page.getByRole('menuitem', { name: '深色' }).click();
    await savedTheme;
    await first.context.close();

    // Another device with an English browser and nothing chosen: the account's language and theme,
    // applied without becoming that device's own choice.
    const second = await device('en-US');
    await second.page.goto('/dashboard');
    await expect(second.page.getByRole('navigation').getByRole('link', { name: '账户' })).toBeVisible();
    await expect(second.page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect.poll(() => scheme(second.page)).toBe('dark');
    expect(await second.page.evaluate(() => [localStorage.getItem('locale'), localStorage.getItem('theme')])).toEqual([
      null,
      null,
    ]);
    await second.context.close();

    // A device that made its own choice keeps it.
    const third = await device('en-US', { locale: 'en_US', theme: 'light' });
    await third.page.goto('/dashboard');
    await expectPageReady(third.page);
    await expect(third.page.getByRole('navigation').getByRole('link', { name: 'Account' })).toBeVisible();
    await expect(third.page.locator('html')).toHaveAttribute('lang', 'en');
    expect(await scheme(third.page)).toBe('light');
    await third.context.close();
  });
});
