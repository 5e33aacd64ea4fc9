import { createAccount } from './support/api';
import { expect, field, presetChoice, test } from './support/fixtures';
import { lastCode, readCode } from './support/mail';

const TEXT = {
  en_US: {
    email: 'Email',
    sendCode: 'Send code',
    code: 'Verification code',
    next: 'New password',
    confirm: 'Confirm password',
    submit: 'Reset password',
    done: 'Password reset',
    wrongCode: 'Incorrect email or verification code',
    title: 'Reset password - Nimbus',
  },
  zh_CN: {
    email: '邮箱',
    sendCode: '发送验证码',
    code: '验证码',
    next: '新密码',
    confirm: '确认密码',
    submit: '重置密码',
    done: '密码已重置',
    wrongCode: '邮箱或验证码错误',
    title: '重置密码 - Nimbus',
  },
} as const;

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test(`resets a forgotten password with the mailed code (${locale})`, async ({ page }) => {
    await presetChoice(page, { locale });
    const account = await createAccount();
    await page.goto('/forget-password');
    await expect(page).toHaveTitle(t.title);
    await field(page, t.email).fill(account.email);
    const signUpCode = await lastCode(account.email);
    await page.getByRole('button', { name: t.sendCode }).click();
    const code = await readCode(account.email, signUpCode);
    await expect(page.getByRole('button', { name: /\d+/ }).first()).toBeDisabled();

    await field(page, t.code).fill(code === '000000' ? '111111' : '000000');
    await field(page, t.next).fill('recovered password');
    await field(page, t.confirm).fill('recovered password');
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByText(t.wrongCode).first()).toBeVisible();

    await field(page, t.code).fill(code);
    await page.getByRole('button', { name: t.submit, exact: true }).click();
    await expect(page.getByText(t.done, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/login/);
    const login = await fetch(`${new URL(page.url()).origin}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Email: account.email, Password: 'recovered password', AgreeTerms: true }),
    });
    expect(login.status).toBe(200);
  });
}
