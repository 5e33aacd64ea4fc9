import type { Page } from '@playwright/test';
import { createAccount } from './support/api';
import { expect, field, presetChoice, signInAs, test } from './support/fixtures';
import { newEmail, readCode } from './support/mail';

const TEXT = {
  en_US: {
    tabs: { password: 'Password', email: 'Email', preferences: 'Preferences' },
    firstName: 'First name',
    lastName: 'Last name',
    city: 'City',
    country: 'Country',
    countryOption: 'Germany',
    save: 'Save changes',
    profileSaved: 'Profile updated',
    current: 'Current password',
    next: 'New password',
    confirm: 'Confirm new password',
    changePassword: 'Change password',
    wrongCurrent: 'Current password incorrect',
    mismatch: 'Passwords do not match',
    passwordChanged: 'Password changed',
    newEmail: 'New email',
    invalidNewEmail: 'Invalid new email',
    code: 'Verification code',
    sendCode: 'Send code',
    changeEmail: 'Change email',
    emailChanged: 'Email changed',
    currentIncorrect: 'Current password incorrect',
    wrongCode: 'Incorrect email or verification code',
    language: 'Language',
    dark: 'Dark',
    prefsSaved: 'Preferences saved',
    title: 'Account - Nimbus',
  },
  zh_CN: {
    tabs: { password: '密码', email: '邮箱', preferences: '偏好设置' },
    firstName: '名',
    lastName: '姓',
    city: '城市',
    country: '国家或地区',
    countryOption: '德国',
    save: '保存更改',
    profileSaved: '资料已更新',
    current: '当前密码',
    next: '新密码',
    confirm: '确认新密码',
    changePassword: '修改密码',
    wrongCurrent: '当前密码错误',
    mismatch: '两次输入的密码不一致',
    passwordChanged: '密码已修改',
    newEmail: '新邮箱',
    invalidNewEmail: '新邮箱无效',
    code: '验证码',
    sendCode: '发送验证码',
    changeEmail: '更换邮箱',
    emailChanged: '邮箱已更换',
    currentIncorrect: '当前密码错误',
    wrongCode: '邮箱或验证码错误',
    language: '语言',
    dark: '深色',
    prefsSaved: '偏好设置已保存',
    title: '账户 - Nimbus',
  },
} as const;

async function session(page: Page) {
  const ssid = await page.evaluate(() => JSON.parse(localStorage.getItem('session') ?? '{}').session_id as string);
  const res = await fetch(`${new URL(page.url()).origin}/api/session`, { headers: { ssid } });
  return (
    (await res.json()) as {
      data: { User: { Email: string; Profile: Record<string, string>; Preferences: Record<string, string> } };
    }
  ).data.User;
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`/me (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
    });

    test('edits the profile', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/me');
      await expect(page).toHaveTitle(t.title);
      await field(page, t.firstName).fill('Marie');
      await field(page, t.lastName).fill('Curie');
      await field(page, t.city).fill('Paris');
      await page.getByRole('textbox', { name: t.country }).fill(t.countryOption);
      await page.getByRole('option', { name: `${t.countryOption} (DE)` }).click();
      await page.getByRole('button', { name: t.save }).click();
      await expect(page.getByText(t.profileSaved)).toBeVisible();
      await expect(page.getByRole('banner')).toContainText(locale === 'en_US' ? 'Marie Curie' : 'Curie');
      expect((await session(page)).Profile).toMatchObject({
        FirstName: 'Marie',
        LastName: 'Curie',
        City: 'Paris',
        Country: 'DE',
      });
      await page.reload();
      await expect(field(page, t.city)).toHaveValue('Paris');
    });

    test('changes the password, refusing a wrong current one', async ({ page }) => {
      const account = await createAccount();
      await signInAs(page, account);
      await page.goto('/me');
      await page.getByRole('tab', { name: t.tabs.password }).click();
      await field(page, t.current).fill('definitely wrong');
      await field(page, t.next).fill('my new password');
      await field(page, t.confirm).fill('my new passwort');
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(page.getByText(t.mismatch)).toBeVisible();
      await field(page, t.confirm).fill('my new password');
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(page.getByText(t.wrongCurrent)).toBeVisible();

      await field(page, t.current).fill(account.password);
      await page.getByRole('button', { name: t.changePassword }).click();
      await expect(page.getByText(t.passwordChanged)).toBeVisible();
      const login = await fetch(`${new URL(page.url()).origin}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ Email: account.email, Password: 'my new password', AgreeTerms: true }),
      });
      expect(login.status).toBe(200);
    });

    test('changes the email with a code sent to the new address and the current password', async ({ page }) => {
      const account = await createAccount();
      await signInAs(page, account);
      await page.goto('/me');
      await page.getByRole('tab', { name: t.tabs.email }).click();
      await field(page, t.newEmail).fill('not an email');
      await page.getByRole('button', { name: t.sendCode }).click();
      await expect(page.getByText(t.invalidNewEmail)).toBeVisible();

      const next = newEmail('moved');
      await field(page, t.newEmail).fill(next);
      await page.getByRole('button', { name: t.sendCode }).click();
      const code = await readCode(next);
      // The email tab's own password field (the password tab has one with the same label).
      const password = page.getByRole('tabpanel').getByLabel(new RegExp(`^${t.current}\\s*\\*?$`));
      await password.fill(account.password);
      await field(page, t.code).fill(code === '000000' ? '111111' : '000000');
      await page.getByRole('button', { name: t.changeEmail }).click();
      await expect(page.getByText(t.wrongCode).first()).toBeVisible();
      await expect(page.getByText(t.emailChanged)).toHaveCount(0);
      // A wrong try spends one of five; the right code still works, with the right password only.
      await field(page, t.code).fill(code);
      await password.fill('not my password');
      await page.getByRole('button', { name: t.changeEmail }).click();
      await expect(page.getByText(t.currentIncorrect).first()).toBeVisible();
      await expect(page.getByText(t.emailChanged)).toHaveCount(0);
      await password.fill(account.password);
      await page.getByRole('button', { name: t.changeEmail }).click();
      await expect(page.getByText(t.emailChanged)).toBeVisible();
      expect((await session(page)).Email).toBe(next);
    });

    test('saves language and theme preferences to the account', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/me?tab=preferences');
      await page.getByText(t.dark, { exact: true }).click();
      await expect(page.getByRole('radio', { name: t.dark })).toBeChecked();
      await expect.poll(() => page.locator('html').getAttribute('data-mantine-color-scheme')).toBe('dark');
      await expect.poll(async () => (await session(page)).Preferences.Theme).toBe('dark');
      expect(await page.evaluate(() => localStorage.getItem('theme'))).toBe('dark');
    });
  });
}
