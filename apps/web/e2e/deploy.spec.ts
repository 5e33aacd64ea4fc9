import type { Page } from '@playwright/test';
import { adminCli } from './support/admin';
import { type Account, createAccount, latestInvoiceId } from './support/api';
import { injectFault } from './support/compute';
import { expect, expectPageReady, field, presetChoice, signInAs, test } from './support/fixtures';
import { E2E } from './support/ports';

const TEXT = {
  en_US: {
    title: 'New instance',
    notAvailable: 'Not available yet',
    quarterly: 'Quarterly',
    monthly: 'Monthly',
    images: '4 available images',
    chooseVersion: 'Choose a version',
    hostname: 'Hostname',
    password: 'Password',
    strength: {
      weak: 'Password strength: weak. It is easy to guess; a longer one with mixed characters is safer.',
      strong: 'Password strength: strong.',
    },
    generate: 'Generate a password',
    copy: 'Copy the password',
    copied: 'Password copied',
    deployNow: 'Deploy now',
    progress: (host: string) => `Deploying ${host}`,
    cloning: 'Waiting for cloning',
    starting: 'Instance being started',
    deployed: 'Instance deployed',
    failed: 'Deploy failed',
    failedMessage: 'Retry later or contact the administrator by opening a ticket. You were not charged.',
    failedTitle: 'Deployment failed',
    failedRefunded: 'The amount charged was refunded to your balance',
    total: 'Total due today',
    apply: 'Apply',
    promoPlaceholder: 'Enter a code',
    applied: 'Promotion code applied',
    invalidPromo: 'Invalid promotion code',
    promoUnknown: 'There is no promotion with this code.',
    promoNotApplicable: 'This code does not apply to this size or billing cycle.',
    promoRequired: 'Please input your promotion code',
    searchInvalid: 'This link has values the page cannot use',
    searchDrop: 'Continue without them',
    discount: (code: string) => `Discount (${code})`,
    invoice: (id: number) => `Invoice #${id}`,
    balanceNotEnough: 'Your balance is not enough. Please top up first.',
    nav: { deploy: 'Deploy', instances: 'Instances' },
    start: 'Start the server once it is installed',
    shortfall: (amount: string) => `Your balance is ${amount} short`,
    shortfallMessage: (amount: string) =>
      `Top up at least ${amount} to deploy. Your choices on this page are kept while you pay.`,
    topUp: 'Top up',
    topUpTitle: 'Top up your balance',
    amount: 'Amount',
    pay: (amount: string) => `Pay ${amount}`,
    approve: 'Approve payment',
    topUpDone: (amount: string) => `${amount} has been added to your balance.`,
    sections: { type: 'Choose type', size: 'Choose size' },
    missing: {
      title: 'Before you can deploy:',
      image: 'Choose an image',
      credentials: 'Enter a password or choose an SSH key',
      hostname: 'Enter a hostname: a letter first, then letters, digits or hyphens',
    },
    names: {
      hk: 'Hong Kong',
      de: 'Frankfurt',
      sg: 'Singapore',
      jp: 'Tokyo',
      standard: 'Standard',
      performance: 'Performance',
      s1: '1 vCPU · 1 GB',
      s2: '1 vCPU · 2 GB',
      legacy: '1 vCPU · 512 MB',
    },
    active: 'Active',
    cancelled: 'Cancelled',
    ipAddress: 'IP address',
    invalid: {
      region_id: 'Invalid region id type or precision',
      group_id: 'Invalid group id type or precision',
      product_id: 'Invalid product id type or precision',
      promo_code: 'Invalid promotion code type',
    },
  },
  zh_CN: {
    title: '新建实例',
    notAvailable: '暂未开放',
    quarterly: '季付',
    monthly: '月付',
    images: '4 个可用镜像',
    chooseVersion: '选择版本',
    hostname: '主机名',
    password: '密码',
    strength: { weak: '密码强度：弱。容易被猜中，更长且混合多种字符的密码更安全。', strong: '密码强度：强。' },
    generate: '生成密码',
    copy: '复制密码',
    copied: '密码已复制',
    deployNow: '立即部署',
    progress: (host: string) => `正在部署 ${host}`,
    cloning: '等待克隆',
    starting: '实例正在启动',
    deployed: '实例已部署',
    failed: '部署失败',
    failedMessage: '请稍后重试，或提交工单联系管理员。本次未扣费。',
    failedTitle: '部署失败',
    failedRefunded: '已扣除的费用已退回您的余额',
    total: '今日应付',
    apply: '使用',
    promoPlaceholder: '输入优惠码',
    applied: '优惠码已生效',
    invalidPromo: '优惠码无效',
    promoUnknown: '没有这个优惠码。',
    promoNotApplicable: '该优惠码不适用于所选配置或计费周期。',
    promoRequired: '请输入优惠码',
    searchInvalid: '此链接包含无法使用的参数',
    searchDrop: '忽略这些参数并继续',
    discount: (code: string) => `优惠（${code}）`,
    invoice: (id: number) => `账单 #${id}`,
    balanceNotEnough: '余额不足，请先充值。',
    nav: { deploy: '部署', instances: '实例' },
    start: '安装完成后启动服务器',
    shortfall: (amount: string) => `余额还差 ${amount}`,
    shortfallMessage: (amount: string) => `请至少充值 ${amount} 后再部署。付款期间，本页的各项选择会为您保留。`,
    topUp: '充值',
    topUpTitle: '为余额充值',
    amount: '金额',
    pay: (amount: string) => `支付 ${amount}`,
    approve: '确认付款',
    topUpDone: (amount: string) => `${amount} 已充入您的余额。`,
    sections: { type: '选择类型', size: '选择规格' },
    missing: {
      title: '部署前还需：',
      image: '选择镜像',
      credentials: '填写密码或选择 SSH 密钥',
      hostname: '填写主机名：以字母开头，其后为字母、数字或连字符',
    },
    names: {
      hk: '中国香港',
      de: '德国法兰克福',
      sg: '新加坡',
      jp: '日本东京',
      standard: '标准型',
      performance: '性能型',
      s1: '1 核 · 1 GB',
      s2: '1 核 · 2 GB',
      legacy: '1 核 · 512 MB',
    },
    active: '正常',
    cancelled: '已取消',
    ipAddress: 'IP 地址',
    invalid: {
      region_id: '地域 ID 的数据类型或精度无效',
      group_id: '服务器类型 ID 的数据类型或精度无效',
      product_id: '产品 ID 的数据类型或精度无效',
      promo_code: '优惠码的数据类型无效',
    },
  },
} as const;

type Catalogue = {
  Id: number;
  Name: string;
  CountryCode: string;
  Groups: { Id: number; Name: string; Products: { Id: number; Name: string; Ord: number | null }[] }[];
}[];

/** The catalogue as the customer's API answers it, to build deep links with real ids. */
async function catalogue(account: Account, locale: 'en_US' | 'zh_CN'): Promise<Catalogue> {
  const res = await fetch(`${E2E.baseUrl}/api/deploy/products`, {
    headers: { ssid: account.session.session_id, 'accept-language': locale === 'zh_CN' ? 'zh-CN' : 'en-US' },
  });
  return ((await res.json()) as { data: Catalogue }).data;
}

function topUp(account: Account, amount: string) {
  adminCli('user:balance', '--email', account.email, '--add', amount, '--note', 'e2e top-up');
}

/** An accessible name that begins with `text` (a card's name is its title, then its details). */
const startsWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`);
const radio = (page: Page, name: string) => page.getByRole('radio', { name: startsWith(name) });
const checkout = (page: Page) => page.getByRole('complementary');
/** The checkout's discount line: its label and its amount. */
const discountLine = (page: Page, label: string) =>
  checkout(page).getByText(label, { exact: true }).locator('xpath=..');

/** Picks the first version of a distribution in the image picker. */
async function chooseImage(page: Page, distribution: string, version: string) {
  await page.getByRole('textbox', { name: distribution }).click();
  await page.getByRole('option', { name: version }).click();
}

/**
 * A new 20 % monthly promotion code (named from `prefix`, unique per run), and a customer with 50.00
 * USD on /deploy.
 */
async function withPromotion(page: Page, prefix: string, locale: string): Promise<string> {
  return (await promotionAndCustomer(page, prefix, locale)).code;
}

/** withPromotion's code, with the customer it signed in. */
async function promotionAndCustomer(page: Page, prefix: string, locale: string) {
  const code = `${prefix}${locale === 'en_US' ? 'EN' : 'ZH'}${Date.now().toString(36).toUpperCase()}`;
  adminCli('promo:create', '--code', code, '--percent', '20', '--cycles', 'monthly');
  const account = await createAccount();
  topUp(account, '50');
  await signInAs(page, account);
  await page.goto('/deploy');
  await expectPageReady(page);
  return { code, account };
}

async function fillServer(page: Page, t: (typeof TEXT)[keyof typeof TEXT], hostname: string) {
  await field(page, t.hostname).fill(hostname);
  await field(page, t.password).fill('Sturdy-Passw0rd!');
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`/deploy (${locale})`, () => {
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
    });

    test('deploys from a topped-up account to the instance page, charging the balance once', async ({
      page,
      context,
    }) => {
      // The deploy itself may take up to the 60 s waited for below.
      test.setTimeout(90_000);
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.baseUrl });
      const account = await createAccount();
      topUp(account, '100');
      await signInAs(page, account);
      await page.goto('/deploy');
      await expectPageReady(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(t.title);

      // The first open region, type and size are chosen; a region without types is shown disabled.
      await expect(radio(page, t.names.hk)).toHaveAttribute('aria-checked', 'true');
      await expect(radio(page, t.names.de)).toBeDisabled();
      await expect(radio(page, t.names.de)).toContainText(t.notAvailable);
      await expect(radio(page, t.names.standard)).toHaveAttribute('aria-checked', 'true');
      await expect(radio(page, t.names.s1)).toHaveAttribute('aria-checked', 'true');
      // The retired size carries an Ord and is hidden.
      await expect(radio(page, t.names.legacy)).toHaveCount(0);

      await radio(page, t.names.s2).click();
      await radio(page, t.quarterly).click();
      await expect(radio(page, t.quarterly)).toContainText('28.50 USD');
      await expect(page.getByText(t.images)).toBeVisible();
      const deployNow = page.getByRole('button', { name: t.deployNow });
      await expect(deployNow).toBeDisabled();
      await chooseImage(page, 'Debian', 'Debian 12 (Bookworm)');

      // The default hostname is ECS- and six characters; the generator fills a 16-character password.
      await expect(field(page, t.hostname)).toHaveValue(/^ECS-[A-Za-z0-9]{6}$/);
      await page.getByRole('button', { name: t.generate }).click();
      await expect(field(page, t.password)).toHaveValue(/^.{16}$/);
      await page.getByRole('button', { name: t.copy }).click();
      await expect(page.getByText(t.copied)).toBeVisible();
      const generated = await field(page, t.password).inputValue();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(generated);

      await field(page, t.hostname).fill('web-1');
      await expect(checkout(page)).toContainText('28.50 USD');
      await expect(checkout(page).getByText('100.00 USD')).toBeVisible();
      await expect(deployNow).toBeEnabled();
      // Every text the progress dialog shows, as it changes: the last step may last a split second,
      // less than a poll of the test, before the dialog gives way to the instance page.
      await page.evaluate(() => {
        const seen = new Set<string>();
        (window as unknown as { progressSeen: Set<string> }).progressSeen = seen;
        new MutationObserver(() => {
          document.querySelectorAll('[role="dialog"]').forEach((d) => seen.add(d.textContent ?? ''));
        }).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      });
      await deployNow.click();

      const dialog = page.getByRole('dialog', { name: t.progress('web-1') });
      await expect(dialog).toBeVisible();
      await expect(page.getByText(t.deployed)).toBeVisible({ timeout: 60_000 });
      const shown = await page.evaluate(() => [...(window as unknown as { progressSeen: Set<string> }).progressSeen]);
      expect(shown.some((text) => text.includes(t.cloning))).toBe(true);
      expect(shown.some((text) => text.includes(t.starting))).toBe(true);
      await expect(page).toHaveURL(/\/instances\/\d+\/?$/);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('web-1');
      await expect(page.getByRole('main')).toContainText(t.active);
      const ip = page.getByRole('region', { name: /./ }).filter({ hasText: t.ipAddress }).first();
      await expect(ip).toContainText(/\d+\.\d+\.\d+\.\d+/);
      // Charged once: 100.00 - 28.50.
      await expect(page.getByRole('banner')).toContainText('71.50 USD');
    });

    test('opens deep links on their region, type and size', async ({ page }) => {
      const account = await createAccount();
      const regions = await catalogue(account, locale);
      const sg = regions.find((r) => r.CountryCode === 'sg')!;
      const performance = sg.Groups.find((g) => g.Name === t.names.performance)!;
      const product = performance.Products[1]!;
      await signInAs(page, account);
      await page.goto(`/deploy?product_id=${product.Id}`);
      await expectPageReady(page);
      await expect(radio(page, t.names.sg)).toHaveAttribute('aria-checked', 'true');
      await expect(radio(page, t.names.performance)).toHaveAttribute('aria-checked', 'true');
      await expect(radio(page, product.Name)).toHaveAttribute('aria-checked', 'true');

      // A region alone picks its first type and size.
      const jp = regions.find((r) => r.CountryCode === 'jp')!;
      await page.goto(`/deploy?region_id=${jp.Id}`);
      await expect(radio(page, t.names.jp)).toHaveAttribute('aria-checked', 'true');
      await expect(radio(page, jp.Groups[0]!.Products[0]!.Name)).toHaveAttribute('aria-checked', 'true');
    });

    test('chooses every type of every region by mouse, and types by keyboard', async ({ page }) => {
      const account = await createAccount();
      const regions = (await catalogue(account, locale)).filter((r) => r.Groups.length > 0);
      await signInAs(page, account);
      await page.goto('/deploy');
      await expectPageReady(page);
      const types = page.getByRole('radiogroup', { name: t.sections.type });
      const sizes = page.getByRole('radiogroup', { name: t.sections.size });
      for (const region of regions) {
        await radio(page, region.Name).click();
        await expect(radio(page, region.Name)).toHaveAttribute('aria-checked', 'true');
        // Each type, in turn, chosen with its own sizes and its first size selected.
        for (const group of region.Groups) {
          await types.getByRole('radio', { name: startsWith(group.Name) }).click();
          await expect(types.getByRole('radio', { name: startsWith(group.Name) })).toHaveAttribute(
            'aria-checked',
            'true',
          );
          const visible = group.Products.filter((p) => p.Ord === null);
          await expect(sizes.getByRole('radio')).toHaveCount(visible.length);
          for (const product of visible)
            await expect(sizes.getByRole('radio', { name: startsWith(product.Name) })).toBeVisible();
          await expect(sizes.getByRole('radio', { name: startsWith(visible[0]!.Name) })).toHaveAttribute(
            'aria-checked',
            'true',
          );
        }
      }

      // By keyboard: Tab reaches a type, Space chooses it; the arrows move to the next type and back.
      const hk = regions.find((r) => r.CountryCode === 'hk')!;
      const [standard, performance] = [hk.Groups[0]!, hk.Groups[1]!];
      await radio(page, hk.Name).click();
      const card = (name: string) => types.getByRole('radio', { name: startsWith(name) });
      await card(standard.Name).click();
      await card(performance.Name).focus();
      await page.keyboard.press('Space');
      await expect(card(performance.Name)).toHaveAttribute('aria-checked', 'true');
      await expect(sizes.getByRole('radio', { name: startsWith(performance.Products[0]!.Name) })).toHaveAttribute(
        'aria-checked',
        'true',
      );
      await page.keyboard.press('ArrowLeft');
      await expect(card(standard.Name)).toHaveAttribute('aria-checked', 'true');
      await expect(card(standard.Name)).toBeFocused();
      await page.keyboard.press('ArrowRight');
      await expect(card(performance.Name)).toHaveAttribute('aria-checked', 'true');
    });

    test('says what is missing while Deploy now is disabled', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/deploy');
      await expectPageReady(page);
      const deployNow = page.getByRole('button', { name: t.deployNow });
      const guide = checkout(page).getByRole('list');
      await expect(deployNow).toBeDisabled();
      await expect(checkout(page)).toContainText(t.missing.title);
      await expect(guide.getByRole('listitem')).toHaveText([t.missing.image, t.missing.credentials]);
      await expect(deployNow).toHaveAccessibleDescription(new RegExp(t.missing.image));

      await chooseImage(page, 'Debian', 'Debian 12 (Bookworm)');
      await field(page, t.hostname).fill('');
      await expect(guide.getByRole('listitem')).toHaveText([t.missing.hostname, t.missing.credentials]);
      await fillServer(page, t, 'web-2');
      await expect(page.getByTestId('password-strength')).toHaveText(t.strength.strong);
      await expect(checkout(page)).not.toContainText(t.missing.title);
      await expect(deployNow).toBeEnabled();
      // A weak root password is hinted at, never refused (free text).
      await field(page, t.password).fill('abc123');
      await expect(page.getByTestId('password-strength')).toHaveText(t.strength.weak);
      await expect(deployNow).toBeEnabled();
    });

    test('names each search parameter of the wrong type and keeps the page usable', async ({ page }) => {
      await signInAs(page, await createAccount());
      await page.goto('/deploy?region_id=1.5&group_id=abc&product_id=-3&promo_code=%7B%22a%22%3A1%7D');
      await expectPageReady(page);
      // A validation error of the route
      // (docs/product/deploy.md#search-parameters-featuresdeploysearchts), on the page until the
      // customer drops the values.
      const alert = page.getByRole('alert').filter({ hasText: t.searchInvalid });
      for (const message of Object.values(t.invalid)) await expect(alert.getByText(message)).toBeVisible();
      await expect(radio(page, t.names.hk)).toHaveAttribute('aria-checked', 'true');
      await alert.getByRole('button', { name: t.searchDrop }).click();
      await expect(page).toHaveURL(/\/deploy$/);
      await expect(alert).toHaveCount(0);
    });

    test('applies a promotion with Enter and refuses an invalid one', async ({ page }) => {
      const code = await withPromotion(page, 'E2E', locale);
      const input = page.getByPlaceholder(t.promoPlaceholder);
      // Applied empty: the button waits for a code, Enter asks for one (docs/product/deploy.md#promotion-codes).
      await expect(page.getByRole('button', { name: t.apply, exact: true })).toBeDisabled();
      await input.press('Enter');
      await expect(page.getByText(t.promoRequired, { exact: true })).toBeVisible();
      await input.fill('NOSUCHCODE');
      await expect(page.getByText(t.promoRequired, { exact: true })).toHaveCount(0);
      await input.press('Enter');
      await expect(page.getByText(t.invalidPromo, { exact: true })).toBeVisible();
      // Why, in the customer's words: no such code.
      await expect(page.getByText(t.promoUnknown, { exact: true })).toBeVisible();
      await expect(checkout(page).getByText(t.discount(code), { exact: true })).toHaveCount(0);

      await input.fill(code);
      await input.press('Enter');
      await expect(page.getByText(t.applied)).toBeVisible();
      // The first refusal's warning stays its 3 s, then goes.
      await expect(page.getByText(t.invalidPromo, { exact: true })).toHaveCount(0);
      // 20% off 5.00: the original price, the discount and the total.
      await expect(checkout(page)).toContainText('5.00 USD');
      await expect(discountLine(page, t.discount(code))).toHaveText(/-1\.00 USD$/);
      await expect(checkout(page).getByText('4.00 USD')).toBeVisible();

      // Another cycle clears the promotion (docs/product/deploy.md#promotion-codes), and the code does not apply to it.
      await radio(page, t.quarterly).click();
      await expect(checkout(page).getByText(t.discount(code), { exact: true })).toHaveCount(0);
      await expect(checkout(page)).toContainText('14.25 USD');
      await page.getByRole('button', { name: t.apply, exact: true }).click();
      await expect(page.getByText(t.invalidPromo, { exact: true })).toBeVisible();
      await expect(page.getByText(t.promoNotApplicable, { exact: true })).toBeVisible();
    });

    test('writes the discount on the invoice as the checkout wrote it', async ({ page }) => {
      test.setTimeout(90_000);
      const { code, account } = await promotionAndCustomer(page, 'SAME', locale);
      await chooseImage(page, 'Debian', 'Debian 12 (Bookworm)');
      await fillServer(page, t, 'discounted');
      await page.getByPlaceholder(t.promoPlaceholder).fill(code);
      await page.getByPlaceholder(t.promoPlaceholder).press('Enter');
      await expect(page.getByText(t.applied)).toBeVisible();
      // 20 % off 5.00, as a line of the checkout: "Discount (CODE)" and a negative amount.
      await expect(discountLine(page, t.discount(code))).toHaveText(`${t.discount(code)}-1.00 USD`);
      await page.getByRole('button', { name: t.deployNow }).click();
      await expect(page.getByText(t.deployed)).toBeVisible({ timeout: 60_000 });
      await expect(page).toHaveURL(/\/instances\/\d+\/?$/);

      const id = await latestInvoiceId(account);
      await page.goto(`/invoices/${id}`);
      await expectPageReady(page);
      const invoice = page.getByRole('article', { name: t.invoice(id) });
      // The same label and the same amount, in the same language.
      await expect(invoice.getByRole('row', { name: t.discount(code) })).toHaveText(`${t.discount(code)}-1.00 USD`);
      await expect(invoice.getByTestId('invoice-total')).toHaveText('4.00 USD');
    });

    test('keeps the draft while the customer stays on /deploy, and clears it on leaving', async ({ page }) => {
      test.setTimeout(90_000);
      const code = await withPromotion(page, 'KEEP', locale);
      await radio(page, t.names.s2).click();
      await chooseImage(page, 'Debian', 'Debian 12 (Bookworm)');
      await fillServer(page, t, 'keep-me');
      const start = page.getByRole('checkbox', { name: t.start });
      await expect(start).toBeChecked();
      await start.uncheck();
      await page.getByPlaceholder(t.promoPlaceholder).fill(code);
      await page.getByPlaceholder(t.promoPlaceholder).press('Enter');
      await expect(page.getByText(t.applied)).toBeVisible();
      const total = page.getByTestId('deploy-total');
      const discounted = await total.textContent();

      // Moving within /deploy (the menu's own entry) keeps every choice, the promotion included.
      const nav = page.getByRole('navigation');
      await nav.getByRole('link', { name: t.nav.deploy }).click();
      await expect(page).toHaveURL(/\/deploy$/);
      await expect(radio(page, t.names.s2)).toHaveAttribute('aria-checked', 'true');
      await expect(field(page, t.hostname)).toHaveValue('keep-me');
      await expect(field(page, t.password)).toHaveValue('Sturdy-Passw0rd!');
      await expect(start).not.toBeChecked();
      await expect(checkout(page)).toContainText('Debian 12 (Bookworm)');
      await expect(checkout(page).getByText(t.discount(code), { exact: true })).toBeVisible();
      await expect(page.getByPlaceholder(t.promoPlaceholder)).toHaveValue(code);
      await expect(total).toHaveText(discounted!);

      // Leaving clears it: back on /deploy, everything starts afresh.
      await nav.getByRole('link', { name: t.nav.instances }).click();
      await expect(page).toHaveURL(/\/instances/);
      // The instances page itself, not only its address: until it shows, /deploy is still mounted.
      // Exact: /deploy's own heading (新建实例) contains 实例.
      await expect(page.getByRole('heading', { level: 1, name: t.nav.instances, exact: true })).toBeVisible();
      await nav.getByRole('link', { name: t.nav.deploy }).click();
      await expectPageReady(page);
      await expect(radio(page, t.names.s1)).toHaveAttribute('aria-checked', 'true');
      await expect(field(page, t.hostname)).toHaveValue(/^ECS-[A-Za-z0-9]{6}$/);
      await expect(field(page, t.password)).toHaveValue('');
      await expect(start).toBeChecked();
      await expect(page.getByText(t.images)).toBeVisible();
      await expect(page.getByPlaceholder(t.promoPlaceholder)).toHaveValue('');
      await expect(checkout(page).getByText(t.discount(code), { exact: true })).toHaveCount(0);
    });

    test('shows the shortfall at checkout and tops up without losing the draft', async ({ page }) => {
      test.setTimeout(90_000);
      const account = await createAccount();
      topUp(account, '3');
      await signInAs(page, account);
      await page.goto('/deploy');
      await expectPageReady(page);
      await radio(page, t.names.s2).click();
      await radio(page, t.quarterly).click();
      await chooseImage(page, 'Debian', 'Debian 12 (Bookworm)');
      await fillServer(page, t, 'short-1');
      // 28.50 to pay from 3.00: 25.50 short, said before any click on Deploy now.
      const shortfall = checkout(page).getByTestId('deploy-shortfall');
      await expect(shortfall).toContainText(t.shortfall('25.50 USD'));
      await expect(shortfall).toContainText(t.shortfallMessage('25.50 USD'));
      await shortfall.getByRole('button', { name: t.topUp, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: t.topUpTitle });
      await expect(dialog.getByRole('textbox', { name: t.amount })).toHaveValue('25.50');
      await dialog.getByRole('button', { name: t.pay('25.50 USD') }).click();
      await expect(page).toHaveURL(/\/pay\/sandbox\/\d+/);
      await page.getByRole('button', { name: new RegExp(`^(Approve payment|确认付款)$`) }).click();

      // Back through /billing to the same draft, with the balance that now covers it.
      await expect(page.getByText(t.topUpDone('25.50 USD'))).toBeVisible();
      await expect(page).toHaveURL(/\/deploy$/);
      await expect(page.getByRole('banner')).toContainText('28.50 USD');
      await expect(radio(page, t.names.s2)).toHaveAttribute('aria-checked', 'true');
      await expect(radio(page, t.quarterly)).toHaveAttribute('aria-checked', 'true');
      await expect(field(page, t.hostname)).toHaveValue('short-1');
      // The root password was not kept in the tab's storage while at the gateway: asked again.
      await expect(field(page, t.password)).toHaveValue('');
      await expect(page.getByRole('button', { name: t.deployNow })).toBeDisabled();
      await field(page, t.password).fill('Sturdy-Passw0rd!');
      await expect(checkout(page)).toContainText('Debian 12 (Bookworm)');
      await expect(shortfall).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.deployNow })).toBeEnabled();

      // The draft was picked up once: entering /deploy again starts afresh.
      await page.reload();
      await expectPageReady(page);
      await expect(field(page, t.hostname)).toHaveValue(/^ECS-[A-Za-z0-9]{6}$/);
    });

    test('refuses a deploy the balance cannot pay, with nothing charged', async ({ page }) => {
      const account = await createAccount();
      topUp(account, '3');
      await signInAs(page, account);
      await page.goto('/deploy');
      await expectPageReady(page);
      await chooseImage(page, 'Ubuntu', 'Ubuntu 24.04 LTS');
      await fillServer(page, t, 'too-dear');
      await expect(checkout(page).getByTestId('deploy-shortfall')).toContainText(t.shortfall('2.00 USD'));
      await page.getByRole('button', { name: t.deployNow }).click();
      // "deploy failed" with the contact-admin hint, led by what was refused.
      const toast = page.getByRole('alert').filter({ hasText: t.failed });
      await expect(toast).toContainText(t.balanceNotEnough);
      await expect(toast).toContainText(t.failedMessage);
      await expect(page.getByRole('dialog')).toHaveCount(0);
      await expect(page).toHaveURL(/\/deploy/);
      await expect(page.getByRole('banner')).toContainText('3.00 USD');
      await expect(page.getByRole('button', { name: t.deployNow })).toBeEnabled();
    });

    test('ends a failed provisioning with the failure toast on /instances and a refund', async ({ page }) => {
      // Each language fails in a region of its own, so the two runs never share a fault.
      const code = locale === 'en_US' ? 'us' : 'sg';
      const account = await createAccount();
      topUp(account, '20');
      const region = (await catalogue(account, locale)).find((r) => r.CountryCode === code)!;
      const disarm = await injectFault({
        region: code,
        kind: 'task-fail',
        path: '/status/start$',
        message: 'start failed: QEMU exited with code 1',
      });
      try {
        await signInAs(page, account);
        await page.goto(`/deploy?region_id=${region.Id}`);
        await expectPageReady(page);
        await chooseImage(page, 'Rocky Linux', 'Rocky Linux 9');
        await fillServer(page, t, 'doomed-1');
        await page.getByRole('button', { name: t.deployNow }).click();
        await expect(page.getByRole('dialog')).toBeVisible();
        await expect(page.getByText(t.failedMessage)).toBeVisible({ timeout: 60_000 });
        await expect(page).toHaveURL(/\/instances\/?$/);
        const row = page.getByRole('row').filter({ hasText: 'doomed-1' });
        await expect(row).toContainText(t.cancelled);
        // Refunded: the balance is whole again.
        await expect(page.getByRole('banner')).toContainText('20.00 USD');
        // The instance's page says what failed and that it was refunded.
        await row.getByRole('link', { name: 'doomed-1' }).click();
        const failure = page.getByTestId('last-failure');
        await expect(failure).toContainText(t.failedTitle);
        await expect(failure).toContainText(t.failedRefunded);
      } finally {
        await disarm();
      }
    });
  });
}
