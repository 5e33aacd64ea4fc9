import { adminCli } from './support/admin';
import { createAccount, deployInstance, type Account } from './support/api';
import { expect, expectAccessible, field, presetChoice, signInAs, test } from './support/fixtures';
import { newEmail, readCode } from './support/mail';

const TEXT = {
  en_US: {
    title: 'Affiliate programme',
    nav: 'Affiliate',
    copy: 'Copy link',
    copied: 'Link copied',
    link: 'Referral link',
    clicks: 'Clicks',
    signups: 'Sign-ups',
    purchases: 'Purchases',
    pending: 'Pending',
    noSignups: 'No one has signed up through your link yet.',
    noCommissions: /^No commissions yet/,
    commissions: 'Commissions',
    pendingBadge: 'Pending',
    // The register page.
    email: 'Email',
    code: 'Verification code',
    password: 'Password',
    confirm: 'Confirm password',
    affCode: 'Affiliate code',
    terms: 'I agree to the terms of service and privacy policy',
    sendCode: 'Send code',
    register: 'Create account',
    registered: 'Account created',
  },
  zh_CN: {
    title: '推广计划',
    nav: '推广返佣',
    copy: '复制链接',
    copied: '链接已复制',
    link: '推广链接',
    clicks: '点击',
    signups: '注册',
    purchases: '购买',
    pending: '待结算',
    noSignups: '还没有人通过您的链接注册。',
    noCommissions: /^暂无佣金/,
    commissions: '佣金记录',
    pendingBadge: '待结算',
    email: '邮箱',
    code: '验证码',
    password: '密码',
    confirm: '确认密码',
    affCode: '推广码',
    terms: '我同意服务条款和隐私政策',
    sendCode: '发送验证码',
    register: '创建账户',
    registered: '账户已创建',
  },
} as const;

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test(`a referred customer's purchase shows on the referrer's /affiliate (${locale})`, async ({
    page,
    browser,
    context,
  }) => {
    test.setTimeout(90_000);
    const referrer = await createAccount();
    await signInAs(page, referrer);
    await presetChoice(page, { locale });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: t.nav }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);
    await expect(page.getByText(t.noSignups)).toBeVisible();
    await expect(page.getByText(t.noCommissions)).toBeVisible();
    await expectAccessible(page, `/affiliate empty (${locale})`);

    await page.getByRole('button', { name: t.copy }).click();
    await expect(page.getByText(t.copied)).toBeVisible();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    await expect(field(page, t.link)).toHaveValue(link);
    const code = new URL(link).searchParams.get('aff')!;
    expect(link).toMatch(/\/register\?aff=\w+$/);

    // Someone else, in their own browser, follows the link and signs up.
    const visitor = await browser.newContext();
    const other = await visitor.newPage();
    await presetChoice(other, { locale });
    await other.goto(link);
    const email = newEmail('referred');
    await field(other, t.email).fill(email);
    await other.getByRole('button', { name: t.sendCode }).click();
    await field(other, t.code).fill(await readCode(email));
    await field(other, t.password).fill('a strong password');
    await field(other, t.confirm).fill('a strong password');
    await expect(field(other, t.affCode)).toHaveValue(code);
    await other.getByRole('checkbox', { name: t.terms }).check();
    await other.getByRole('button', { name: t.register }).click();
    await expect(other.getByText(t.registered)).toBeVisible();
    await expect(other).toHaveURL(/\/dashboard$/);
    const session = await other.evaluate(
      () => JSON.parse(window.localStorage.getItem('session')!) as Account['session'],
    );
    await visitor.close();

    // They top up and deploy: a purchase of 5.00 earns 10 %, held as pending.
    adminCli('user:balance', '--email', email, '--add', '20', '--note', 'e2e top-up');
    await deployInstance({ email, password: 'a strong password', session }, `ref-${locale === 'en_US' ? 'en' : 'zh'}`);

    await page.reload();
    const stat = (name: string) => page.getByRole('region', { name, exact: true }).getByTestId('stat-value');
    await expect(stat(t.clicks)).toHaveText('1');
    await expect(stat(t.signups)).toHaveText('1');
    await expect(stat(t.purchases)).toHaveText('1');
    await expect(stat(t.pending)).toHaveText('0.50 USD');
    const commissions = page.getByRole('region', { name: t.commissions });
    await expect(commissions.getByRole('row')).toHaveCount(2);
    await expect(commissions.getByText(t.pendingBadge)).toBeVisible();
    await expect(commissions.getByRole('row').nth(1)).toContainText('5.00 USD');
    await expect(page.getByText(/^\w\*\*\*@e\*\*\*\.\w+$/)).toBeVisible();
    await expect(page.getByTestId('affiliate-chart')).toBeVisible();
    await expectAccessible(page, `/affiliate with a purchase (${locale})`);
  });
}
