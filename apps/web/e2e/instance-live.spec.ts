import { adminCli } from './support/admin';
import { removeVmByName } from './support/compute';
import { createAccount, deployInstance, type Account } from './support/api';
import { expect, expectAccessible, expectPageReady, presetChoice, signInAs, test } from './support/fixtures';
import type { Locator, Page } from '@playwright/test';

const TEXT = {
  en_US: {
    storage: 'Storage',
    disk: /^\d+ GB SSD$/,
    ipAddress: 'IP address',
    mainIp: 'Main IP',
    copyAddress: (ip: string) => `Copy the IP address ${ip}`,
    copied: 'IP address copied',
    active: 'Active',
    running: 'Running',
    stopped: 'Stopped',
    dashboard: 'Recent instances',
    assignedIps: 'Assigned IPs',
    uptime: 'Uptime',
    kernel: 'Kernel',
    iso: 'ISO',
    noIso: 'No ISO mounted',
    renewPrice: 'Renew price',
    cpu: 'CPU',
    memory: 'Memory',
    network: 'Network',
    latest: /^Latest: /,
    guest: 'Guest operating system',
    historyTab: 'Usage history',
    week: 'Week',
    notFound: 'Failed to get the instance',
    section: 'Instances',
    vmGone:
      "The server behind this instance cannot be found on its host. We're looking into it; open a ticket if you need help.",
    openTicket: 'Open a ticket',
    notFoundText: 'Instance not found (contact admin or open a ticket). It does not exist or does not belong to you.',
  },
  zh_CN: {
    storage: '存储',
    disk: /^\d+ GB SSD 硬盘$/,
    ipAddress: 'IP 地址',
    mainIp: '主 IP',
    copyAddress: (ip: string) => `复制 IP 地址 ${ip}`,
    copied: 'IP 地址已复制',
    active: '正常',
    running: '运行中',
    stopped: '已关机',
    dashboard: '最近的实例',
    assignedIps: '已分配 IP',
    uptime: '运行时间',
    kernel: '内核',
    iso: 'ISO 镜像',
    noIso: '未挂载 ISO',
    renewPrice: '续费价格',
    cpu: 'CPU',
    memory: '内存',
    network: '网络',
    latest: /^最新：/,
    guest: '客户机操作系统',
    historyTab: '用量历史',
    week: '1 周',
    notFound: '获取实例失败',
    section: '实例',
    vmGone: '在宿主机上找不到此实例对应的服务器，我们正在排查。如需协助，请提交工单。',
    openTicket: '提交工单',
    notFoundText: '实例不存在（请联系管理员或提交工单）。该实例不存在或不属于您',
  },
} as const;

/** The value next to a label in one of the page's field lists. */
const field = (scope: Page | Locator, label: string) =>
  scope
    .locator('dt')
    .filter({ hasText: new RegExp(`^${label}$`) })
    .first()
    .locator('xpath=following-sibling::dd');

/** How many points a chart holds (uPlot draws on a canvas; the figure says how much it was given). */
const pointsOf = async (chart: Locator) => Number((await chart.getAttribute('data-points')) ?? 0);

let owner: Account;
const instances: Record<string, number> = {};
test.beforeAll(async () => {
  // An operator CLI run and two deploys, one after another.
  test.setTimeout(90_000);
  owner = await createAccount();
  adminCli('user:balance', '--email', owner.email, '--add', '40', '--note', 'e2e top-up');
  instances.en_US = (await deployInstance(owner, 'live-en')).InstanceId;
  instances.zh_CN = (await deployInstance(owner, 'live-zh')).InstanceId;
});

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];
  test.describe(`instance page, live (${locale})`, () => {
    test('shows the overview, live charts that update, the guest OS and the history', async ({ page }) => {
      test.setTimeout(60_000);
      const hostname = locale === 'en_US' ? 'live-en' : 'live-zh';
      await presetChoice(page, { locale });
      await signInAs(page, owner);
      await page.goto(`/instances/${instances[locale]}`);
      await expectPageReady(page);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(hostname);
      await expect(page).toHaveTitle(`${hostname} · ${t.section} - Nimbus`);

      // The overview's fields (docs/product/instances.md#detail-instancesid), filled from
      // api/instance, the live status and the guest OS. The storage is the disk as it was bought,
      // never where it lives on the hypervisor.
      await expect(field(page, t.storage)).toHaveText(t.disk);
      await expect(page.getByRole('main')).not.toContainText('ceph');
      await expect(field(page, t.renewPrice)).toHaveText(/^\d+\.\d\d [A-Z]{3}$/);
      await expect(field(page, t.iso)).toHaveText(t.noIso);
      await expect(field(page, t.uptime)).toHaveText(/\d/);
      await expect(field(page, t.kernel).first()).toHaveText(/^6\.\d+/);

      // The charts open on the last minutes of the usage history, not empty, then take in
      // new samples every 2 s.
      for (const name of [t.cpu, t.memory, t.network]) {
        const chart = page.getByRole('figure', { name, exact: true });
        await expect
          .poll(async () => Number(await chart.getAttribute('data-span')), { timeout: 10_000 })
          .toBeGreaterThan(120);
      }
      // The charts draw.
      for (const name of [t.cpu, t.memory, t.network]) {
        const chart = page.getByRole('figure', { name, exact: true });
        await expect(chart.locator('canvas')).not.toHaveCount(0);
        await expect(chart.getByTestId('chart-summary')).toHaveText(t.latest);
      }
      const cpu = page.getByRole('figure', { name: t.cpu, exact: true });
      const before = await pointsOf(cpu);
      expect(before).toBeGreaterThanOrEqual(1);
      await expect.poll(() => pointsOf(cpu)).toBeGreaterThan(before);
      const network = page.getByRole('figure', { name: t.network, exact: true });
      await expect(network.getByTestId('chart-summary')).toHaveText(t.latest);

      // The guest agent reports the image's OS.
      const guest = page.getByRole('region', { name: t.guest });
      await expect(guest).toContainText('Debian GNU/Linux 12 (bookworm)');
      await expectAccessible(page, `/instances/{id} with live charts ${locale}`);

      // The history tab, kept in the URL, switches timeframes.
      await page.getByRole('tab', { name: t.historyTab }).click();
      await expect(page).toHaveURL(/[?&]tab=history/);
      const history = page.locator('[data-timeframe]');
      await expect(history).toHaveAttribute('data-timeframe', 'day');
      await expect(history.getByRole('figure', { name: t.cpu, exact: true }).locator('canvas')).not.toHaveCount(0);
      await page
        .locator('label')
        .filter({ hasText: new RegExp(`^${t.week}$`) })
        .click();
      await expect(history).toHaveAttribute('data-timeframe', 'week');
      await expect(history.getByRole('figure', { name: t.cpu, exact: true })).not.toHaveAttribute('data-points', '0');
      await expectAccessible(page, `/instances/{id}?tab=history ${locale}`);
      await page.reload();
      await expect(page.getByRole('tab', { name: t.historyTab })).toHaveAttribute('aria-selected', 'true');
    });

    test('shows the address once, with a button that copies it', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write']);
      await presetChoice(page, { locale });
      await signInAs(page, owner);
      await page.goto(`/instances/${instances[locale]}`);
      await expectPageReady(page);
      const address = field(page, t.ipAddress);
      await expect(address).toHaveText(/^\d+\.\d+\.\d+\.\d+(\/\d+)?$/);
      const ip = (await address.textContent())!.split('/')[0]!;
      // Once on the page: not again in the header, nor as a main or assigned IP that says the same.
      const main = page.getByRole('main');
      await expect(main).toContainText(ip);
      expect((await main.innerText()).split(ip).length - 1).toBe(1);
      await expect(page.locator('dt').filter({ hasText: new RegExp(`^${t.mainIp}$`) })).toHaveCount(0);
      await expect(page.locator('dt').filter({ hasText: new RegExp(`^${t.assignedIps}$`) })).toHaveCount(0);

      // The copy button is reached and pressed by keyboard, and says it copied.
      const copy = page.getByRole('button', { name: t.copyAddress(ip) });
      await copy.focus();
      await expect(copy).toBeFocused();
      await page.keyboard.press('Enter');
      await expect(page.getByRole('alert').filter({ hasText: t.copied })).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(ip);
    });

    test('lists show the power state beside the subscription status', async ({ page }) => {
      const hostname = locale === 'en_US' ? 'live-en' : 'live-zh';
      await presetChoice(page, { locale });
      await signInAs(page, owner);
      await page.goto('/instances');
      await expectPageReady(page);
      const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: hostname, exact: true }) });
      await expect(row.getByText(t.active, { exact: true })).toBeVisible();
      await expect(row.getByTestId('power-state')).toHaveText(t.running);

      await page.goto('/dashboard');
      await expectPageReady(page);
      const recent = page.getByRole('region', { name: t.dashboard });
      const item = recent
        .getByRole('listitem')
        .filter({ has: page.getByRole('link', { name: hostname, exact: true }) });
      await expect(item.getByText(t.active, { exact: true })).toBeVisible();
      await expect(item.getByTestId('power-state')).toHaveText(t.running);
    });

    test('says when the server behind an instance is gone from its host, with a way to open a ticket', async ({
      page,
    }) => {
      const hostname = `vm-gone-${locale === 'en_US' ? 'en' : 'zh'}`;
      const { InstanceId } = await deployInstance(owner, hostname);
      await removeVmByName(hostname);
      await presetChoice(page, { locale });
      await signInAs(page, owner);
      await page.goto(`/instances/${InstanceId}`);
      await expectPageReady(page);
      const tip = page.getByRole('status').filter({ hasText: t.vmGone });
      await expect(tip).toBeVisible();
      await tip.getByRole('link', { name: t.openTicket }).click();
      await expect(page).toHaveURL(/\/tickets\?new=1$/);
    });

    test('warns about a missing instance and lands on the list', async ({ page }) => {
      await presetChoice(page, { locale });
      await signInAs(page, owner);
      await page.goto('/instances/987654321');
      await expect(page.getByText(t.notFound)).toBeVisible();
      await expect(page.getByText(t.notFoundText)).toBeVisible();
      await expect(page).toHaveURL(/\/instances$/);
    });
  });
}
