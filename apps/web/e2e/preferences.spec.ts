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
