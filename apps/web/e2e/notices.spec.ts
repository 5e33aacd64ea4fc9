import type { Page } from '@playwright/test';
import { createAccount } from './support/api';
import { expect, expectAccessible, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';
import { publishMany, publishWithCli, withdrawAll, withdrawWithCli } from './support/notices';

// Notices are seen by every customer: each test here starts from none, and no other spec
// publishes any (a11y.spec.ts only reads /notices), so the counts below are this file's own.

/** What an operator might paste, with what the sanitiser must take out. */
const HOSTILE =
  '<h1>What changes</h1><p>Upgrade on <strong>Sunday</strong> at <em>02:00</em>.</p>' +
  '<ul><li>Hong Kong</li><li>Tokyo</li></ul><p><a href="https://status.example.com">Status page</a></p>' +
  '<script>window.__injected = "script"</script><img src="x" onerror="window.__injected = \'img\'">' +
  '<p onmouseover="window.__injected = \'handler\'">Hover me</p><a href="javascript:window.__injected=\'link\'">Click me</a>';

const nav = (page: Page) => page.getByRole('navigation');
const badge = (page: Page) => nav(page).getByTestId('unread-notices');

test.beforeEach(async () => {
  await withdrawAll();
});

test('a notice published with the CLI is unread on the dashboard and /notices until it is opened', async ({ page }) => {
  const title = `Network maintenance ${Date.now()}`;
  const id = publishWithCli(title, HOSTILE);
  await presetChoice(page, { locale: 'en_US' });
  await signInAs(page, await createAccount());
  await page.goto('/dashboard');

  const section = page.getByRole('region', { name: 'Notices' });
  const row = section.getByRole('listitem').filter({ hasText: title });
  await expect(row).toContainText('Unread');
  await expect(row.getByTestId('unread-dot')).toBeVisible();
  await expect(nav(page).getByRole('link', { name: 'Notices 1 unread' })).toBeVisible();
  await expect(badge(page)).toHaveText('1');

  await row.getByRole('link', { name: title }).click();
  await expect(page).toHaveURL(new RegExp(`/notices\\?id=${id}$`));
  const notice = page.getByRole('article', { name: title });
  await expect(notice.getByRole('heading', { name: 'What changes' })).toBeVisible();
  await expect(notice.locator('strong')).toHaveText('Sunday');
  await expect(notice.getByRole('listitem')).toHaveText(['Hong Kong', 'Tokyo']);
  const status = notice.getByRole('link', { name: 'Status page' });
  await expect(status).toHaveAttribute('href', 'https://status.example.com');
  await expect(status).toHaveAttribute('target', '_blank');
  await expect(status).toHaveAttribute('rel', /noopener noreferrer/);
  await expect(notice.getByText('Click me')).not.toHaveAttribute('href');
  const content = notice.getByTestId('notice-content');
  await expect(content.locator('script, style, img, iframe, [onmouseover], [style], [class]')).toHaveCount(0);
  await notice.getByText('Hover me').hover();
  await notice.getByText('Click me').click();
  expect(await page.evaluate(() => (window as { __injected?: string }).__injected)).toBeUndefined();

  // Opening it read it: the badge goes, the list no longer marks it, and it stays so.
  await expect(badge(page)).toHaveCount(0);
  const item = page.getByRole('region', { name: 'Notices' }).getByRole('link', { name: new RegExp(title) });
  await expect(item).not.toHaveAttribute('data-unread');
  await page.reload();
  await expect(page.getByRole('article', { name: title })).toBeVisible();
  await expect(item).not.toHaveAttribute('data-unread');
  await expect(badge(page)).toHaveCount(0);
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Notices' }).getByRole('listitem')).not.toContainText('Unread');
});

test('公告：打开一条即为已读，其余可一键全部标为已读', async ({ page }) => {
  const first = publishWithCli('春节值班安排', '<p>春节期间工单<strong>照常受理</strong>。</p>');
  const second = publishWithCli('新区域：法兰克福', '<p>法兰克福区域<em>下月</em>开放。</p>', { pinned: true });
  await presetChoice(page, { locale: 'zh_CN' });
  await signInAs(page, await createAccount());
  await page.goto('/notices');
  await expectPageReady(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('公告');
  await expect(page).toHaveTitle(/^公告/);
  await expect(nav(page).getByRole('link', { name: '公告 2 条未读' })).toBeVisible();
  const list = page.getByRole('region', { name: '公告' });
  // Pinned first, then the newest.
  const links = list.getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(2);
  await expect(links.nth(0)).toContainText('新区域：法兰克福');
  await expect(links.nth(0)).toContainText('置顶');
  await expect(links.nth(1)).toContainText('春节值班安排');
  await expect(links.nth(0)).toHaveAttribute('data-unread', 'true');
  await expect(page.getByRole('radio', { name: '未读（2）' })).toBeAttached();
  await expect(page.getByText('选择一条公告阅读')).toBeVisible();

  await links.nth(1).click();
  await expect(page).toHaveURL(new RegExp(`id=${first}`));
  await expect(page.getByRole('article', { name: '春节值班安排' }).locator('strong')).toHaveText('照常受理');
  await expect(page.getByRole('article')).toContainText('发布于');
  await expect(badge(page)).toHaveText('1');
  await expect(links.nth(1)).not.toHaveAttribute('data-unread');
  await expect(links.nth(0)).toHaveAttribute('data-unread', 'true');

  await page.getByRole('button', { name: '全部标为已读' }).click();
  await expect(page.getByText('所有公告已标为已读')).toBeVisible();
  await expect(badge(page)).toHaveCount(0);
  await expect(links.nth(0)).not.toHaveAttribute('data-unread');
  await expect(page.getByRole('button', { name: '全部标为已读' })).toHaveCount(0);
  await page.getByText('未读（0）').click();
  await expect(page.getByText('所有公告您都已读过。')).toBeVisible();
  await page.getByRole('button', { name: '显示全部公告' }).click();
  await expect(links).toHaveCount(2);

  await page.getByRole('button', { name: '关闭公告' }).click();
  await expect(page).not.toHaveURL(/id=/);
  await expect(page.getByRole('article')).toHaveCount(0);
  expect(second).toBeGreaterThan(first);
});

test('with no notices the dashboard and /notices say so; then the dashboard shows the 4 newest', async ({ page }) => {
  await presetChoice(page, { locale: 'en_US' });
  await signInAs(page, await createAccount());
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: 'Notices' });
  await expect(section).toContainText('No notices yet');
  await expect(section).toContainText('Maintenance windows, new regions and changes to plans will show up here');
  await expect(nav(page).getByRole('link', { name: 'Notices', exact: true })).toBeVisible();
  await nav(page).getByRole('link', { name: 'Notices', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'No notices yet' })).toBeVisible();
  await expect(page.getByText('Pick a notice to read')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Mark all as read' })).toHaveCount(0);

  const ids = await publishMany(['One', 'Two', 'Three', 'Four', 'Five']);
  await page.goto('/dashboard');
  await expect(section.getByRole('listitem').getByRole('link')).toHaveText(['Five', 'Four', 'Three', 'Two']);
  await expect(section.getByRole('listitem').filter({ hasText: 'Unread' })).toHaveCount(4);
  await expect(badge(page)).toHaveText('5');
  await section.getByRole('link', { name: 'Three' }).click();
  await expect(page).toHaveURL(new RegExp(`/notices\\?id=${ids[2]}$`));
  await expect(badge(page)).toHaveText('4');
  await page.goBack();
  await section.getByRole('link', { name: 'View all (5)' }).click();
  await expect(page).toHaveURL(/\/notices$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Notices');
});

test('仪表盘的公告区：没有公告时说明用途，有公告时列出', async ({ page }) => {
  await presetChoice(page, { locale: 'zh_CN' });
  await signInAs(page, await createAccount());
  await page.goto('/dashboard');
  const section = page.getByRole('region', { name: '公告' });
  await expect(section).toContainText('暂无公告');
  await publishMany(['维护通知']);
  await page.reload();
  await expect(section.getByRole('link', { name: '维护通知' })).toBeVisible();
  await expect(section.getByRole('listitem')).toContainText('未读');
  await expect(section.getByRole('link', { name: '查看全部（1）' })).toBeVisible();
});

test('the list pages past ten notices and keeps a withdrawn one out', async ({ page }) => {
  const titles = Array.from({ length: 12 }, (_, i) => `Bulletin ${String(i + 1).padStart(2, '0')}`);
  const ids = await publishMany(titles);
  await presetChoice(page, { locale: 'en_US' });
  const account = await createAccount();
  await signInAs(page, account);
  await page.goto('/notices');
  const links = page.getByRole('region', { name: 'Notices' }).getByRole('listitem').getByRole('link');
  await expect(links).toHaveCount(10);
  await expect(links.first()).toContainText('Bulletin 12');
  await expect(page.getByText('12 notices')).toBeVisible();
  await page.getByRole('button', { name: 'Page 2' }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(links).toHaveCount(2);
  await expect(links.last()).toContainText('Bulletin 01');

  await links.last().click();
  await expect(page.getByRole('article', { name: 'Bulletin 01' })).toBeVisible();
  withdrawWithCli(ids[0]!);
  await page.reload();
  await expect(page.getByText('Notice not available')).toBeVisible();
  await expect(page.getByText('This notice has been withdrawn by your provider, or the link is wrong.')).toBeVisible();
  await expect(links).toHaveCount(1);
  await expect(page.getByText('11 notices')).toBeVisible();
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('an opened notice takes the list’s place, and “All notices” brings the list back', async ({ page }) => {
    await publishMany(['Phone notice']);
    await presetChoice(page, { locale: 'en_US' });
    await signInAs(page, await createAccount());
    await page.goto('/notices');
    const list = page.getByRole('region', { name: 'Notices' });
    await list.getByRole('link', { name: /Phone notice/ }).click();
    await expect(page.getByRole('article', { name: 'Phone notice' })).toBeVisible();
    await expect(list).toBeHidden();
    await expect(page.getByRole('button', { name: 'Close the notice' })).toBeHidden();
    await page.getByRole('link', { name: 'All notices' }).click();
    await expect(list).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expect(list.getByRole('link', { name: /Phone notice/ })).not.toHaveAttribute('data-unread');
  });
});

for (const locale of ['en_US', 'zh_CN'] as const) {
  for (const theme of ['light', 'dark'] as const) {
    test(`axe: /notices with notices and one open (${locale}, ${theme})`, async ({ page }) => {
      await publishMany(['Read one', 'Unread one']);
      publishWithCli('Formatted', HOSTILE, { pinned: true });
      await presetChoice(page, { locale, theme });
      await signInAs(page, await createAccount());
      await page.goto('/notices');
      await expectPageReady(page);
      await expect(page.locator('[data-unread]')).toHaveCount(3);
      await expectAccessible(page, `/notices ${locale} ${theme}`);
      await page.getByRole('link', { name: /Formatted/ }).click();
      await expect(page.getByRole('article', { name: 'Formatted' }).getByRole('listitem')).toHaveCount(2);
      await expect(page.locator('[data-unread]')).toHaveCount(2);
      await expectAccessible(page, `/notices?id= ${locale} ${theme}`);
      await page.goto('/dashboard');
      await expect(page.getByRole('region', { name: locale === 'en_US' ? 'Notices' : '公告' })).toContainText(
        'Unread one',
      );
      await expectAccessible(page, `/dashboard with notices ${locale} ${theme}`);
    });
  }
}
