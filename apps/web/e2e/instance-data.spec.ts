import type { Page } from '@playwright/test';
import { adminCli } from './support/admin';
import { createAccount, deployInstance, type Account } from './support/api';
import {
  expect,
  expectAccessible,
  expectPageReady,
  field,
  PHONE,
  presetChoice,
  signInAs,
  test,
} from './support/fixtures';
import { E2E } from './support/ports';

const TEXT = {
  en_US: {
    firewall: 'Firewall',
    note: 'Changes take 1 to 2 minutes to take effect.',
    firewallSwitch: 'Firewall enabled',
    policyIn: 'Inbound default',
    saveSettings: 'Save settings',
    settingsSaved: 'Firewall settings saved',
    addRule: 'Add rule',
    saveRule: 'Save rule',
    protocol: 'Protocol',
    destinationPort: 'Destination port',
    source: 'Source',
    comment: 'Comment',
    badPort: 'Enter ports 1–65535, ranges like 8000:8080, separated by commas',
    badAddress: 'Enter an IP address, a network (CIDR) or a range',
    ruleAdded: 'Firewall rule added',
    ruleUpdated: 'Firewall rule updated',
    ruleDisabled: 'Rule disabled',
    ruleDeleted: 'Firewall rule deleted',
    noRules: 'No rules yet: all traffic follows the default policies.',
    rulesTable: 'Firewall rules',
    editRule: 'Edit rule 1',
    deleteRule: 'Delete rule 1',
    disableRule: 'Disable rule 1',
    enableRule: 'Enable rule 1',
    confirmDeleteRule: 'Delete rule',
    drop: 'Drop',
    backups: 'Backups',
    createBackup: 'Create backup',
    name: 'Name',
    description: 'Description',
    create: 'Create',
    backupCreated: 'Backup created',
    restoreBackup: (n: string) => `Restore backup ${n}`,
    deleteBackup: (n: string) => `Delete backup ${n}`,
    restoreWarning: 'Everything written since the backup was made is lost.',
    confirmRestoreBackup: 'Restore backup',
    backupRestored: 'Backup restored',
    confirmDeleteBackup: 'Delete backup',
    backupDeleted: 'Backup deleted',
    noBackups: 'No backups yet.',
    snapshots: 'Snapshots',
    takeSnapshot: 'Take snapshot',
    snapshotCreated: 'Snapshot taken',
    badSnapshotName: 'Start with a letter; use letters, digits, _ or - only',
    nameTaken: 'This name is already used',
    cancel: 'Cancel',
    rollBack: (n: string) => `Roll back to snapshot ${n}`,
    deleteSnapshot: (n: string) => `Delete snapshot ${n}`,
    confirmRollBack: 'Roll back',
    snapshotRestored: 'Snapshot restored',
    confirmDeleteSnapshot: 'Delete snapshot',
    snapshotDeleted: 'Snapshot deleted',
    noSnapshots: 'No snapshots yet.',
    backupQuota: /The backup quota of your plan \(\d+\) is reached/,
    snapshotQuota: /The snapshot quota of your plan \(\d+\) is reached/,
  },
  zh_CN: {
    firewall: '防火墙',
    note: '更改需要 1 到 2 分钟才会生效。',
    firewallSwitch: '启用防火墙',
    policyIn: '入站默认策略',
    saveSettings: '保存设置',
    settingsSaved: '防火墙设置已保存',
    addRule: '添加规则',
    saveRule: '保存规则',
    protocol: '协议',
    destinationPort: '目标端口',
    source: '来源地址',
    comment: '备注',
    badPort: '请输入 1–65535 的端口，范围如 8000:8080，用逗号分隔',
    badAddress: '请输入 IP 地址、网段（CIDR）或地址范围',
    ruleAdded: '防火墙规则已添加',
    ruleUpdated: '防火墙规则已更新',
    ruleDisabled: '规则已停用',
    ruleDeleted: '防火墙规则已删除',
    noRules: '暂无规则：所有流量按默认策略处理。',
    rulesTable: '防火墙规则',
    editRule: '编辑第 1 条规则',
    deleteRule: '删除第 1 条规则',
    disableRule: '停用第 1 条规则',
    enableRule: '启用第 1 条规则',
    confirmDeleteRule: '删除规则',
    drop: '丢弃',
    backups: '备份',
    createBackup: '创建备份',
    name: '名称',
    description: '描述',
    create: '创建',
    backupCreated: '备份已创建',
    restoreBackup: (n: string) => `恢复备份 ${n}`,
    deleteBackup: (n: string) => `删除备份 ${n}`,
    restoreWarning: '备份之后写入的所有数据都会丢失。',
    confirmRestoreBackup: '恢复备份',
    backupRestored: '备份已恢复',
    confirmDeleteBackup: '删除备份',
    backupDeleted: '备份已删除',
    noBackups: '暂无备份。',
    snapshots: '快照',
    takeSnapshot: '创建快照',
    snapshotCreated: '快照已创建',
    badSnapshotName: '须以字母开头，只能包含字母、数字、_ 或 -',
    nameTaken: '该名称已被使用',
    cancel: '取消',
    rollBack: (n: string) => `回滚到快照 ${n}`,
    deleteSnapshot: (n: string) => `删除快照 ${n}`,
    confirmRollBack: '回滚',
    snapshotRestored: '已回滚到快照',
    confirmDeleteSnapshot: '删除快照',
    snapshotDeleted: '快照已删除',
    noSnapshots: '暂无快照。',
    backupQuota: /已达到套餐的备份配额（\d+ 个）/,
    snapshotQuota: /已达到套餐的快照配额（\d+ 个）/,
  },
} as const;

/** A customer with a server of their own, deployed for this test only. */
async function customerWithServer(hostname: string): Promise<{ account: Account; id: number }> {
  const account = await createAccount();
  adminCli('user:balance', '--email', account.email, '--add', '20', '--note', 'e2e top-up');
  const { InstanceId } = await deployInstance(account, hostname);
  return { account, id: InstanceId };
}

async function api<T>(account: Account, method: 'GET' | 'POST', path: string, body?: object): Promise<T> {
  const res = await fetch(`${E2E.baseUrl}/api/${path}`, {
    method,
    headers: { ssid: account.session.session_id, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as { data: T; code?: string };
  if (!res.ok) throw new Error(`${path}: ${res.status} ${json.code}`);
  return json.data;
}

/** Runs an action through the API, as another tab would, and waits for its task. */
async function actViaApi(account: Account, id: number, path: string, body: object) {
  const taskId = await api<number>(account, 'POST', `instance/${path}`, { Id: id, ...body });
  await expect
    .poll(
      async () => (await api<{ Status: number }>(account, 'GET', `instance/task/get?id=${id}&taskId=${taskId}`)).Status,
    )
    .toBe(2);
}

async function openInstance(
  page: Page,
  locale: 'en_US' | 'zh_CN',
  c: { account: Account; id: number },
  tab: 'firewall' | 'backups' | 'snapshots',
  theme: 'light' | 'dark' = 'light',
) {
  await presetChoice(page, { locale, theme });
  await signInAs(page, c.account);
  await page.goto(`/instances/${c.id}?tab=${tab}`);
  await expectPageReady(page);
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`firewall, backups and snapshots (${locale})`, () => {
    // Each test deploys its own server first (through the API): the budget holds that and the steps.
    test.describe.configure({ timeout: 90_000 });
    test('adds, edits, disables and deletes a firewall rule; switches the firewall and its policy', async ({
      page,
    }) => {
      const c = await customerWithServer(`fw-${locale === 'en_US' ? 'en' : 'zh'}`);
      await openInstance(page, locale, c, 'firewall');
      const panel = page.getByRole('region', { name: t.firewall, exact: true });
      await expect(panel.getByText(t.note)).toBeVisible();
      await expect(panel.getByText(t.noRules)).toBeVisible();

      await panel.getByRole('button', { name: t.addRule }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByLabel(t.protocol).selectOption('tcp');
      await field(page, t.destinationPort).fill('70000');
      await field(page, t.source).fill('10.0.0.300');
      await dialog.getByRole('button', { name: t.addRule }).click();
      // Refused before sending, each under its field.
      await expect(dialog.getByText(t.badPort)).toBeVisible();
      await expect(dialog.getByText(t.badAddress)).toBeVisible();
      await field(page, t.destinationPort).fill('22');
      await field(page, t.source).fill('192.0.2.0/24');
      await field(page, t.comment).fill('ssh');
      await dialog.getByRole('button', { name: t.addRule }).click();
      await expect(page.getByText(t.ruleAdded)).toBeVisible();
      await expect(dialog).toHaveCount(0);
      const table = panel.getByRole('table', { name: t.rulesTable });
      await expect(table.getByRole('row')).toHaveCount(2);
      await expect(table).toContainText('192.0.2.0/24');
      await expect(table).toContainText('ssh');

      await panel.getByRole('button', { name: t.editRule }).click();
      await expect(field(page, t.destinationPort)).toHaveValue('22');
      await field(page, t.destinationPort).fill('2222');
      await dialog.getByRole('button', { name: t.saveRule }).click();
      await expect(page.getByText(t.ruleUpdated)).toBeVisible();
      await expect(table).toContainText('2222');

      // The switches stay disabled until the edit's task has ended and the list is fresh; then they
      // are toggled from the keyboard, as a keyboard user would. A forced click (Mantine lays the
      // thumb over the input) went to coordinates read before the closing dialog's layout shift
      // and was lost about one run in five.
      const disable = panel.getByRole('switch', { name: t.disableRule });
      await expect(disable).toBeEnabled();
      await disable.press('Space');
      await expect(page.getByText(t.ruleDisabled)).toBeVisible();
      await expect(panel.getByRole('switch', { name: t.enableRule })).not.toBeChecked();

      const firewallSwitch = panel.getByRole('switch', { name: t.firewallSwitch });
      await expect(firewallSwitch).toBeEnabled();
      await firewallSwitch.press('Space');
      await panel.getByLabel(t.policyIn).selectOption('DROP');
      await panel.getByRole('button', { name: t.saveSettings }).click();
      await expect(page.getByText(t.settingsSaved)).toBeVisible();
      // The server's state: a reload shows the same.
      await page.reload();
      await expect(panel.getByRole('switch', { name: t.firewallSwitch })).not.toBeChecked();
      await expect(panel.getByLabel(t.policyIn)).toHaveValue('DROP');
      await expect(panel.getByLabel(t.policyIn).locator('option:checked')).toHaveText(t.drop);
      await expect(table).toContainText('2222');
      await expectAccessible(page, `firewall with a rule ${locale}`);
      // At a phone's width each rule is a card of labelled lines, its buttons within the screen.
      await page.setViewportSize(PHONE);
      const deleteButton = panel.getByRole('button', { name: t.deleteRule });
      await expect
        .poll(async () => ((await deleteButton.boundingBox()) ?? { x: 999, width: 0 }).x + 44)
        .toBeLessThanOrEqual(390);
      await expect(panel.getByRole('cell').filter({ hasText: '2222' })).toBeVisible();
      await page.setViewportSize({ width: 1280, height: 800 });

      await panel.getByRole('button', { name: t.deleteRule }).click();
      await dialog.getByRole('button', { name: t.confirmDeleteRule, exact: true }).click();
      await expect(page.getByText(t.ruleDeleted)).toBeVisible();
      await expect(panel.getByText(t.noRules)).toBeVisible();
    });

    test('creates, restores and deletes a backup', async ({ page }) => {
      const c = await customerWithServer(`bk-${locale === 'en_US' ? 'en' : 'zh'}`);
      await openInstance(page, locale, c, 'backups');
      const panel = page.getByRole('region', { name: t.backups, exact: true });
      await expect(panel.getByText(t.noBackups)).toBeVisible();

      await panel.getByRole('button', { name: t.createBackup }).click();
      const dialog = page.getByRole('dialog');
      await field(page, t.name).fill('before-upgrade');
      await field(page, t.description).fill('Nightly state');
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(page.getByText(t.backupCreated)).toBeVisible();
      const table = panel.getByRole('table');
      await expect(table).toContainText('before-upgrade');
      await expect(table).toContainText('Nightly state');
      await expect(table).toContainText(/\d+(\.\d)? (MiB|GiB)/);
      await expectAccessible(page, `backups listed ${locale}`);

      await panel.getByRole('button', { name: t.restoreBackup('before-upgrade') }).click();
      await expect(dialog.getByText(t.restoreWarning)).toBeVisible();
      await dialog.getByRole('button', { name: t.confirmRestoreBackup }).click();
      await expect(page.getByText(t.backupRestored)).toBeVisible();

      await panel.getByRole('button', { name: t.deleteBackup('before-upgrade') }).click();
      await dialog.getByRole('button', { name: t.confirmDeleteBackup }).click();
      await expect(page.getByText(t.backupDeleted)).toBeVisible();
      await expect(panel.getByText(t.noBackups)).toBeVisible();
    });

    test('takes, rolls back to and deletes a snapshot', async ({ page }) => {
      const c = await customerWithServer(`sn-${locale === 'en_US' ? 'en' : 'zh'}`);
      await openInstance(page, locale, c, 'snapshots', 'dark');
      const panel = page.getByRole('region', { name: t.snapshots, exact: true });
      await expect(panel.getByText(t.noSnapshots)).toBeVisible();

      await panel.getByRole('button', { name: t.takeSnapshot }).click();
      const dialog = page.getByRole('dialog');
      await field(page, t.name).fill('1st try');
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(dialog.getByText(t.badSnapshotName)).toBeVisible();
      await field(page, t.name).fill('clean-install');
      await field(page, t.description).fill('Fresh system');
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(page.getByText(t.snapshotCreated)).toBeVisible();
      const table = panel.getByRole('table');
      await expect(table).toContainText('clean-install');
      await expect(table).toContainText('Fresh system');
      await expectAccessible(page, `snapshots listed ${locale} dark`);

      // A name already used passes the form's checks; the server's refusal shows under the field.
      await panel.getByRole('button', { name: t.takeSnapshot }).click();
      await field(page, t.name).fill('clean-install');
      await dialog.getByRole('button', { name: t.create }).click();
      await expect(dialog.getByText(t.nameTaken)).toBeVisible();
      await dialog.getByRole('button', { name: t.cancel }).click();
      await expect(dialog).toHaveCount(0);

      await panel.getByRole('button', { name: t.rollBack('clean-install') }).click();
      await dialog.getByRole('button', { name: t.confirmRollBack }).click();
      await expect(page.getByText(t.snapshotRestored)).toBeVisible();

      await panel.getByRole('button', { name: t.deleteSnapshot('clean-install') }).click();
      await dialog.getByRole('button', { name: t.confirmDeleteSnapshot }).click();
      await expect(page.getByText(t.snapshotDeleted)).toBeVisible();
      await expect(panel.getByText(t.noSnapshots)).toBeVisible();
    });

    test('says when the backup and snapshot quotas are reached', async ({ page }) => {
      const c = await customerWithServer(`qt-${locale === 'en_US' ? 'en' : 'zh'}`);
      const backups = await api<{ Quota: number }>(c.account, 'GET', `instance/backups?id=${c.id}`);
      for (let i = 0; i < backups.Quota; i++) await actViaApi(c.account, c.id, 'backup/add', { Name: `b${i}` });
      const snapshots = await api<{ Quota: number }>(c.account, 'GET', `instance/snapshots?id=${c.id}`);
      for (let i = 0; i < snapshots.Quota; i++) await actViaApi(c.account, c.id, 'snapshot/add', { Name: `s${i}` });

      await openInstance(page, locale, c, 'backups');
      const backupPanel = page.getByRole('region', { name: t.backups, exact: true });
      await expect(backupPanel.getByText(t.backupQuota)).toBeVisible();
      await expect(backupPanel.getByRole('button', { name: t.createBackup })).toBeDisabled();
      await page.getByRole('tab', { name: t.snapshots }).click();
      const snapshotPanel = page.getByRole('region', { name: t.snapshots, exact: true });
      await expect(snapshotPanel.getByText(t.snapshotQuota)).toBeVisible();
      await expect(snapshotPanel.getByRole('button', { name: t.takeSnapshot })).toBeDisabled();
    });
  });
}
