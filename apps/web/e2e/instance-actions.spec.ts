import type { Page } from '@playwright/test';
import { adminCli } from './support/admin';
import { type Account, addSshKey, balanceText, createAccount, deployInstance } from './support/api';
import {
  expect,
  expectAccessible,
  expectDialogShown,
  expectPageReady,
  field,
  presetChoice,
  signInAs,
  test,
} from './support/fixtures';
import { findVm, injectFault, proxmoxVm } from './support/compute';
import { KNOWN_KEYS } from '../../server/test/ssh-keys';
import { E2E } from './support/ports';

const TEXT = {
  en_US: {
    power: 'Power actions',
    start: 'Start',
    stop: 'Stop',
    forceStop: 'Force stop',
    restart: 'Restart',
    pause: 'Pause',
    resume: 'Resume',
    destroy: 'Destroy',
    started: 'Instance started',
    stopped: 'Instance stopped',
    poweredOff: 'Instance powered off',
    restarted: 'Instance restarted',
    paused: 'Instance paused',
    resumed: 'Instance resumed',
    destroyed: 'Instance destroyed',
    destroyedBadge: 'Destroyed',
    prepaid: /^The time you have paid for, up to .+\d.*, is not refunded\. Nothing more is charged for this server\.$/,
    endedOn: /^Destroyed on .+\d/,
    endedMessage: 'This server no longer exists: its disk, snapshots and backups were erased',
    vnc: 'VNC console',
    terminal: 'Terminal',
    statusFilter: 'Filter by status',
    allButDestroyed: 'All but destroyed',
    showDestroyed: 'Show destroyed instances',
    typeHost: (host: string) => `Type ${host} to confirm`,
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordChanged: 'Password changed',
    generate: 'Generate a password',
    copy: 'Copy the password',
    copied: 'Password copied',
    hostname: 'Hostname',
    rdns: 'Reverse DNS',
    save: 'Save',
    networkSaved: 'Network settings saved',
    autoRenew: 'Renew automatically from my balance',
    autoRenewOff: 'Auto renew turned off',
    autoRenewOn: 'Auto renew turned on',
    upgradeSize: '2 vCPU · 4 GB',
    upgradeTo: (size: string) => `Upgrade to ${size}`,
    payAndUpgrade: 'Pay and upgrade',
    upgraded: (size: string) => `Upgraded to ${size}`,
    upgradeFailed: 'Upgrade failed',
    upgradedRestart: (size: string) => `Upgraded to ${size}: restart the server to use its new CPU and memory`,
    restartTitle: 'Restart to finish the upgrade',
    restartNow: 'Restart now',
    topUp: 'Your balance is not enough. Top up on the Billing page, then try again.',
    reinstallOpen: 'Reinstall…',
    reinstall: 'Reinstall',
    fillAll: 'Please fill all fields',
    required: 'This field is required',
    username: 'Username',
    notHostname: "This is not the server's hostname",
    sshKeys: 'SSH keys',
    stopping: 'Stopping…',
    running: 'Running',
    stoppedState: 'Stopped',
    reinstalling: 'Reinstalling',
    reinstalled: 'Instance reinstalled',
    reinstallFailed: 'Reinstall failed',
    chooseVersion: 'Choose a version',
    password: 'Password',
    actionsFor: (host: string) => `Actions for ${host}`,
    settingsTab: 'Settings',
    networkTab: 'Network',
    overviewTab: 'Overview',
    guest: 'Guest operating system',
  },
  zh_CN: {
    power: '电源操作',
    start: '开机',
    stop: '关机',
    forceStop: '强制关机',
    restart: '重启',
    pause: '暂停',
    resume: '恢复',
    destroy: '销毁',
    started: '实例已开机',
    stopped: '实例已关机',
    poweredOff: '实例已断电',
    restarted: '实例已重启',
    paused: '实例已暂停',
    resumed: '实例已恢复',
    destroyed: '实例已销毁',
    destroyedBadge: '已销毁',
    prepaid: /^已付费的使用期（至 .+\d.*）不予退款，此后也不会再为该服务器收取任何费用。$/,
    endedOn: /^已于 .+\d.* 销毁$/,
    endedMessage: '此服务器已不存在：磁盘、快照和备份均已清除',
    vnc: 'VNC 控制台',
    terminal: '终端',
    statusFilter: '按状态筛选',
    allButDestroyed: '全部（不含已销毁）',
    showDestroyed: '查看已销毁的实例',
    typeHost: (host: string) => `输入 ${host} 以确认`,
    newPassword: '新密码',
    changePassword: '修改密码',
    passwordChanged: '密码已修改',
    generate: '生成密码',
    copy: '复制密码',
    copied: '密码已复制',
    hostname: '主机名',
    rdns: '反向解析（rDNS）',
    save: '保存',
    networkSaved: '网络设置已保存',
    autoRenew: '使用余额自动续费',
    autoRenewOff: '已关闭自动续费',
    autoRenewOn: '已开启自动续费',
    upgradeSize: '2 核 · 4 GB',
    upgradeTo: (size: string) => `升级到 ${size}`,
    payAndUpgrade: '支付并升级',
    upgraded: (size: string) => `已升级到 ${size}`,
    upgradeFailed: '升级失败',
    upgradedRestart: (size: string) => `已升级到 ${size}：请重启服务器以启用新的 CPU 和内存`,
    restartTitle: '重启以完成升级',
    restartNow: '立即重启',
    topUp: '余额不足。请先在费用中心充值，然后重试。',
    reinstallOpen: '重装系统…',
    reinstall: '重装系统',
    required: '此项为必填项',
    username: '用户名',
    notHostname: '与服务器的主机名不一致',
    sshKeys: 'SSH 密钥',
    stopping: '正在关机…',
    running: '运行中',
    stoppedState: '已关机',
    fillAll: '请填写所有字段',
    reinstalling: '正在重装',
    reinstalled: '实例已重装',
    reinstallFailed: '重装失败',
    chooseVersion: '选择版本',
    password: '密码',
    actionsFor: (host: string) => `${host} 的操作`,
    settingsTab: '设置',
    networkTab: '网络',
    overviewTab: '概览',
    guest: '客户机操作系统',
  },
} as const;

type Text = (typeof TEXT)[keyof typeof TEXT];

function topUp(account: Account, amount: string) {
  adminCli('user:balance', '--email', account.email, '--add', amount, '--note', 'e2e top-up');
}

/** A fresh customer with one running instance, on its detail page (at one of its tabs). */
async function onInstance(page: Page, host: string, balance = '10', tab?: string) {
  const account = await createAccount();
  topUp(account, balance);
  const { InstanceId } = await deployInstance(account, host);
  await signInAs(page, account);
  await page.goto(`/instances/${InstanceId}${tab ? `?tab=${tab}` : ''}`);
  await expectPageReady(page);
  return { account, id: InstanceId };
}

const powerGroup = (page: Page, t: Text) => page.getByRole('group', { name: t.power });

/** Clicks a power action in the header, confirms it and waits for its success toast. */
async function power(page: Page, t: Text, action: string, done: string) {
  await powerGroup(page, t).getByRole('button', { name: action, exact: true }).click();
  await expectDialogShown(page);
  await page.getByRole('dialog').getByRole('button', { name: action, exact: true }).click();
  await expect(page.getByText(done, { exact: true })).toBeVisible({ timeout: 20_000 });
}

/** The header offers exactly these actions (the VM's state is polled every 2 s). */
async function offers(page: Page, t: Text, names: string[]) {
  await expect(powerGroup(page, t).getByRole('button')).toHaveText(names, { timeout: 15_000 });
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];
  const tag = locale === 'en_US' ? 'en' : 'zh';

  test.describe(`instance actions (${locale})`, () => {
    // Each test deploys its own server first (through the API): the budget holds that and the action.
    test.describe.configure({ timeout: 90_000 });
    test.beforeEach(async ({ page }) => {
      await presetChoice(page, { locale, theme: 'light' });
    });

    test('stops, starts, pauses, resumes, restarts and force-stops, offering only what applies', async ({ page }) => {
      test.setTimeout(150_000);
      await onInstance(page, `power-${tag}`);
      await offers(page, t, [t.stop, t.restart, t.pause, t.forceStop]);
      await power(page, t, t.stop, t.stopped);
      await offers(page, t, [t.start]);
      await power(page, t, t.start, t.started);
      await offers(page, t, [t.stop, t.restart, t.pause, t.forceStop]);
      await power(page, t, t.pause, t.paused);
      await offers(page, t, [t.resume, t.forceStop]);
      await power(page, t, t.resume, t.resumed);
      await offers(page, t, [t.stop, t.restart, t.pause, t.forceStop]);
      await power(page, t, t.restart, t.restarted);
      await offers(page, t, [t.stop, t.restart, t.pause, t.forceStop]);
      await power(page, t, t.forceStop, t.poweredOff);
      await offers(page, t, [t.start]);
    });

    test('changes the password, the hostname with reverse DNS, and auto-renew', async ({ page, context }) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: E2E.baseUrl });
      await onInstance(page, `settings-${tag}`, '10', 'settings');
      const settings = page.getByRole('region', { name: locale === 'en_US' ? 'Settings' : '设置' });
      await settings.getByRole('button', { name: t.generate }).click();
      await expect(field(page, t.newPassword)).toHaveValue(/^.{16}$/);
      await settings.getByRole('button', { name: t.copy }).click();
      await expect(page.getByText(t.copied, { exact: true })).toBeVisible();
      await settings.getByRole('button', { name: t.changePassword }).click();
      await expect(page.getByText(t.passwordChanged, { exact: true })).toBeVisible({ timeout: 15_000 });
      await expect(field(page, t.newPassword)).toHaveValue('');

      // An invalid hostname is not taken as typed. Names live on the network tab.
      await page.getByRole('tab', { name: t.networkTab }).click();
      const hostname = field(page, t.hostname);
      await hostname.fill('9-no');
      await expect(hostname).toHaveValue(`settings-${tag}`);
      await hostname.fill(`renamed-${tag}`);
      await field(page, t.rdns).fill('bad name');
      await expect(page.getByRole('button', { name: t.save, exact: true })).toBeDisabled();
      await field(page, t.rdns).fill(`renamed-${tag}.example.com`);
      await page.getByRole('button', { name: t.save, exact: true }).click();
      await expect(page.getByText(t.networkSaved)).toBeVisible({ timeout: 15_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(`renamed-${tag}`);

      await page.getByRole('tab', { name: t.settingsTab }).click();
      const renew = page.getByRole('switch', { name: t.autoRenew });
      await expect(renew).toHaveAttribute('aria-checked', 'true');
      await renew.click();
      await expect(page.getByText(t.autoRenewOff)).toBeVisible();
      await expect(renew).toHaveAttribute('aria-checked', 'false');
      await page.reload();
      await expect(page.getByRole('switch', { name: t.autoRenew })).toHaveAttribute('aria-checked', 'false');
      await page.getByRole('switch', { name: t.autoRenew }).click();
      await expect(page.getByText(t.autoRenewOn)).toBeVisible();
    });

    test('upgrades with the prorated price shown, refusing first for want of balance', async ({ page }) => {
      const { account } = await onInstance(page, `upgrade-${tag}`, '5', 'settings');
      const size = t.upgradeSize;
      const row = page.getByRole('row').filter({ hasText: size });
      // About 15.00 due now: the difference to 20.00 for a month just begun.
      await expect(row).toContainText(/14\.9\d USD|15\.00 USD/);
      const charge = (await row.getByRole('cell').nth(2).textContent())!.trim();
      await row.getByRole('button', { name: t.upgradeTo(size) }).click();
      await expectDialogShown(page);
      await expect(page.getByRole('dialog')).toContainText(charge);
      await expect(page.getByRole('dialog')).toContainText('20.00 USD');
      await page.getByRole('button', { name: t.payAndUpgrade }).click();
      await expect(page.getByText(t.topUp)).toBeVisible();

      topUp(account, '20');
      await row.getByRole('button', { name: t.upgradeTo(size) }).click();
      await page.getByRole('button', { name: t.payAndUpgrade }).click();
      await expect(page.getByText(t.upgraded(size))).toBeVisible({ timeout: 20_000 });
      // The header's balance follows the charge at once, without a reload.
      await expect(page.getByRole('banner')).toContainText(await balanceText(account));
      await expect(page.getByText(size).first()).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: size })).toHaveCount(0);
    });

    test('offers the restart an upgrade still needs when the guest will not reboot', async ({ page }) => {
      // A deploy, an upgrade and a restart: three tasks.
      test.setTimeout(120_000);
      await onInstance(page, `grow-${tag}`, '30', 'settings');
      const vm = await findVm(`grow-${tag}`);
      // The guest ignores ACPI: Proxmox's reboot of this VM fails (once; nobody else's).
      await injectFault({
        region: vm.region,
        kind: 'task-fail',
        method: 'POST',
        path: `/qemu/${vm.vmid}/status/reboot$`,
        times: 1,
        message: 'VM quit/powerdown failed',
      });
      const size = t.upgradeSize;
      await page
        .getByRole('row')
        .filter({ hasText: size })
        .getByRole('button', { name: t.upgradeTo(size) })
        .click();
      await page.getByRole('button', { name: t.payAndUpgrade }).click();
      await expect(page.getByText(t.upgradedRestart(size))).toBeVisible({ timeout: 20_000 });
      const alert = page.getByTestId('needs-restart');
      await expect(alert).toContainText(t.restartTitle);
      await expectAccessible(page, 'the restart an upgrade needs');
      await alert.getByRole('button', { name: t.restartNow }).click();
      await expectDialogShown(page);
      await page.getByRole('dialog').getByRole('button', { name: t.restart, exact: true }).click();
      await expect(page.getByText(t.restarted, { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(alert).toBeHidden();
    });

    test('reinstalls from another image with a stored key once every field is filled and the hostname typed', async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const { account } = await onInstance(page, `reinstall-${tag}`);
      await addSshKey(account, `laptop-${tag}`, KNOWN_KEYS.ed25519.line);
      const guest = page.getByRole('region', { name: t.guest });
      await expect(guest).toContainText('Debian GNU/Linux 12 (bookworm)');
      await page.getByRole('tab', { name: t.settingsTab }).click();
      await page.getByRole('button', { name: t.reinstallOpen }).click();
      await expectDialogShown(page);
      const dialog = page.getByRole('dialog');
      // The image installed now is chosen already.
      await expect(dialog.getByRole('textbox', { name: 'Debian' })).toHaveValue(/Debian 12/);
      await expectAccessible(page, 'the reinstall dialog');
      // "please fill all fields", and each field still missing says so.
      await dialog.getByRole('button', { name: t.reinstall, exact: true }).click();
      await expect(page.getByText(t.fillAll)).toBeVisible();
      await expect(field(page, t.password)).toHaveAccessibleDescription(t.required);
      const typeHost = dialog.getByLabel(t.typeHost(`reinstall-${tag}`));
      await expect(typeHost).toHaveAccessibleDescription(t.required);
      await expect(dialog.getByLabel(t.username)).not.toHaveAttribute('aria-invalid', 'true');
      await dialog.getByRole('textbox', { name: 'Ubuntu' }).click();
      await page.getByRole('option', { name: 'Ubuntu 24.04 LTS' }).click();
      await dialog.getByRole('button', { name: t.generate }).click();
      await expect(field(page, t.password)).not.toHaveAttribute('aria-invalid', 'true');
      // The stored keys are offered as on /deploy.
      await dialog
        .getByRole('group', { name: t.sshKeys })
        .getByRole('checkbox', { name: `laptop-${tag}` })
        .check();
      // As for destroy, the hostname is typed: anything else is refused.
      await typeHost.fill('reinstall');
      await dialog.getByRole('button', { name: t.reinstall, exact: true }).click();
      await expect(typeHost).toHaveAccessibleDescription(t.notHostname);
      await typeHost.fill(`reinstall-${tag}`);
      await dialog.getByRole('button', { name: t.reinstall, exact: true }).click();
      // The toast, not the header's status badge that says the same once the list refreshes.
      await expect(page.getByRole('alert').getByText(t.reinstalling, { exact: true })).toBeVisible();
      await expect(page.getByText(t.reinstalled)).toBeVisible({ timeout: 30_000 });
      await expect(dialog).toBeHidden();
      await expect(page.getByText(/Ubuntu 24\.04 LTS/).first()).toBeVisible();
      // The chosen key reached the new server.
      const vm = await findVm(`reinstall-${tag}`);
      const config = (await proxmoxVm(vm.region, vm.vmid))!.config;
      expect(decodeURIComponent(config.sshkeys ?? '')).toContain(KNOWN_KEYS.ed25519.line.split(' ')[1]);

      // What the new image's guest agent reports (the emulator's Ubuntu template), not the old OS.
      await page.getByRole('tab', { name: t.overviewTab }).click();
      await expect(guest).toContainText('Ubuntu 24.04.1 LTS');
      await expect(guest).toContainText('6.8.0-49-generic');
      await expect(guest).not.toContainText('Debian');
    });

    test('says "reinstall failed" when the reinstall task fails', async ({ page }) => {
      test.setTimeout(90_000);
      await onInstance(page, `rebuild-${tag}`);
      const disarm = await injectFault({
        region: 'hk',
        kind: 'task-fail',
        method: 'POST',
        // Only clones of the Rocky Linux template: deploys running meanwhile (Debian) are left alone.
        path: '/qemu/9002/clone$',
        times: 10,
        message: 'no space',
      });
      try {
        await page.getByRole('tab', { name: t.settingsTab }).click();
        await page.getByRole('button', { name: t.reinstallOpen }).click();
        await expectDialogShown(page);
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: 'Rocky Linux' }).click();
        await page.getByRole('option', { name: 'Rocky Linux 9' }).click();
        await field(page, t.password).fill('Another-Passw0rd');
        await dialog.getByLabel(t.typeHost(`rebuild-${tag}`)).fill(`rebuild-${tag}`);
        await dialog.getByRole('button', { name: t.reinstall, exact: true }).click();
        // The toast, not the header's status badge that says the same once the list refreshes.
        await expect(page.getByRole('alert').getByText(t.reinstalling, { exact: true })).toBeVisible();
        await expect(page.getByText(t.reinstallFailed, { exact: true })).toBeVisible({ timeout: 30_000 });
        await expect(dialog).toBeVisible();
      } finally {
        await disarm();
      }
    });

    test('shows a stop under way in the button and the badge, also after a reload, and says "stopped" once it shows', async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await onInstance(page, `slow-${tag}`);
      const vm = await findVm(`slow-${tag}`);
      // Proxmox takes its time to accept this VM's shutdown (once; nobody else's).
      await injectFault({
        region: vm.region,
        kind: 'latency',
        method: 'POST',
        path: `/qemu/${vm.vmid}/status/shutdown$`,
        times: 1,
        // Long enough for a reload on a busy CI machine to find the stop still under way.
        latencyMs: 20_000,
      });
      const badge = page.getByTestId('power-state');
      await expect(badge).toHaveText(t.running, { timeout: 15_000 });
      await powerGroup(page, t).getByRole('button', { name: t.stop, exact: true }).click();
      await expectDialogShown(page);
      await page.getByRole('dialog').getByRole('button', { name: t.stop, exact: true }).click();
      const stopping = powerGroup(page, t).getByRole('button', { name: t.stopping, exact: true });
      await expect(stopping).toBeDisabled();
      await expect(badge).toHaveText(t.stopping);
      // What the server reports: the stop is still under way after a reload.
      await page.reload();
      await expectPageReady(page);
      await expect(powerGroup(page, t).getByRole('button', { name: t.stopping, exact: true })).toBeDisabled();
      await expect(badge).toHaveText(t.stopping);
      // The success toast comes once the page shows the new state, not before (also after a reload).
      await expect(page.getByText(t.stopped, { exact: true })).toBeVisible({ timeout: 45_000 });
      expect(await badge.textContent()).toBe(t.stoppedState);
      await offers(page, t, [t.start]);

      await power(page, t, t.start, t.started);
      expect(await badge.textContent()).toBe(t.running);
    });

    test('destroys only after the hostname is typed', async ({ page }) => {
      await onInstance(page, `doomed-${tag}`, '10', 'settings');
      await page.getByRole('button', { name: t.destroy, exact: true }).click();
      await expectDialogShown(page);
      const dialog = page.getByRole('dialog');
      const confirm = dialog.getByRole('button', { name: t.destroy, exact: true });
      await expect(confirm).toBeDisabled();
      // What happens to the prepaid period is said before anything is done.
      await expect(dialog.getByText(t.prepaid)).toBeVisible();
      await expectAccessible(page, 'the destroy dialog');
      await dialog.getByLabel(t.typeHost(`doomed-${tag}`)).fill('doomed');
      await expect(confirm).toBeDisabled();
      await dialog.getByLabel(t.typeHost(`doomed-${tag}`)).fill(`doomed-${tag}`);
      await confirm.click();
      await expect(page.getByText(t.destroyed, { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText(t.destroyedBadge, { exact: true }).first()).toBeVisible();
      await expect(powerGroup(page, t).getByRole('button')).toHaveCount(0);
      // What it was and when it ended, and nothing to act on: no consoles, tabs or charts.
      const ended = page.getByRole('status').filter({ hasText: t.endedMessage });
      await expect(ended.getByText(t.endedOn)).toBeVisible();
      await expect(page.getByRole('link', { name: t.vnc })).toHaveCount(0);
      await expect(page.getByRole('link', { name: t.terminal })).toHaveCount(0);
      await expect(page.getByRole('tab')).toHaveCount(0);
      await expect(page.getByRole('button', { name: t.destroy, exact: true })).toHaveCount(0);
      await expect(page.getByRole('main')).toContainText(`doomed-${tag}`);

      // The list leaves it out until the filter asks for destroyed instances.
      await page.goto('/instances');
      await expectPageReady(page);
      await expect(page.getByRole('link', { name: `doomed-${tag}` })).toHaveCount(0);
      await page.getByRole('button', { name: t.showDestroyed }).click();
      const row = page.getByRole('row').filter({ hasText: `doomed-${tag}` });
      await expect(row.getByText(t.endedOn)).toBeVisible();
      await expect(row.getByRole('button')).toHaveCount(0);
      const filter = page.getByRole('textbox', { name: t.statusFilter });
      await expect(filter).toHaveValue(t.destroyedBadge);
      // Back to the default: every status but destroyed, which leaves this customer nothing to list.
      await filter.click();
      await page.getByRole('option', { name: t.allButDestroyed }).click();
      await expect(page.getByRole('button', { name: t.showDestroyed })).toBeVisible();
    });

    test('stops and starts from the list’s quick actions', async ({ page }) => {
      const account = await createAccount();
      topUp(account, '10');
      await deployInstance(account, `listed-${tag}`);
      await signInAs(page, account);
      await page.goto('/instances');
      await expectPageReady(page);
      await page.getByRole('button', { name: t.actionsFor(`listed-${tag}`) }).click();
      await expect(page.getByRole('menuitem', { name: t.start, exact: true })).toBeDisabled();
      await page.getByRole('menuitem', { name: t.stop, exact: true }).click();
      await expectDialogShown(page);
      await page.getByRole('dialog').getByRole('button', { name: t.stop, exact: true }).click();
      await expect(page.getByText(t.stopped, { exact: true })).toBeVisible({ timeout: 20_000 });
      await page.getByRole('button', { name: t.actionsFor(`listed-${tag}`) }).click();
      // The state shown follows Proxmox's within a poll or two (the status cache refreshes every 2 s).
      await expect(page.getByRole('menuitem', { name: t.stop, exact: true })).toBeDisabled({ timeout: 15_000 });
      await page.getByRole('menuitem', { name: t.start, exact: true }).click();
      await page.getByRole('dialog').getByRole('button', { name: t.start, exact: true }).click();
      await expect(page.getByText(t.started, { exact: true })).toBeVisible({ timeout: 20_000 });
    });
  });
}
