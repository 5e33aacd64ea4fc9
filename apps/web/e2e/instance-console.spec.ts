import { adminCli } from './support/admin';
import { createAccount, deployInstance, type Account } from './support/api';
import { findVm, injectFault, removeVmByName, stopVmByName } from './support/compute';
import type { Page } from '@playwright/test';
import { changeInstancePassword, readTerminal, readVncScreen } from './support/console';
import { expect, expectAccessible, expectPageReady, field, presetChoice, signInAs, test } from './support/fixtures';
import { E2E } from './support/ports';

// The consoles end to end: a real browser, the server's proxy and the emulated Proxmox behind it.
// The deploy helper's credentials: user root, password Sturdy-Passw0rd!.

const PASSWORD = 'Sturdy-Passw0rd!';

const TEXT = {
  en_US: {
    console: 'VNC console',
    terminal: 'Terminal',
    connected: 'Connected',
    paste: 'Paste text',
    pasteLabel: 'Text to type into the console',
    pasteSend: 'Type it',
    reconnect: 'Reconnect',
    closed: 'XTERM connection closed',
    vncFailed: 'Failed to load VNC',
    xtermFailed: 'Failed to load XTERM',
    notFound: 'Failed to get the instance',
    settings: 'Settings',
    newPassword: 'New password',
    changePassword: 'Change password',
    passwordChanged: 'Password changed',
    stopped: 'The server is stopped. Start it, and the console opens as soon as it runs.',
    start: 'Start the server',
    hostDown:
      'The host of this server is not answering, so the console cannot open. Try again in a few minutes, or open a ticket if it lasts.',
    vmMissing:
      "The server behind this instance cannot be found on its host. We're looking into it; open a ticket if you need help.",
    openTicket: 'Open a ticket',
    back: 'Back to the instance',
  },
  zh_CN: {
    console: 'VNC 控制台',
    terminal: '终端',
    connected: '已连接',
    paste: '粘贴文本',
    pasteLabel: '要输入到控制台的文本',
    pasteSend: '发送',
    reconnect: '重新连接',
    closed: 'XTERM 连接已关闭',
    vncFailed: '加载 VNC 失败',
    xtermFailed: '加载 XTERM 失败',
    notFound: '获取实例失败',
    settings: '设置',
    newPassword: '新密码',
    changePassword: '修改密码',
    passwordChanged: '密码已修改',
    stopped: '服务器已关机。开机后，待其运行即会自动打开控制台。',
    start: '开机',
    hostDown: '该服务器所在的宿主机没有响应，无法打开控制台。请几分钟后重试；如果一直无法打开，请提交工单。',
    vmMissing: '在宿主机上找不到此实例对应的服务器，我们正在排查。如需协助，请提交工单。',
    openTicket: '提交工单',
    back: '返回实例',
  },
} as const;

/** How many times the terminal shows the login prompt: each failed login asks again. */
const loginPrompts = async (page: Page, hostname: string) =>
  (await readTerminal(page)).split(`${hostname} login:`).length - 1;

/**
 * Logs in on the terminal's login prompt (the n-th one shown), as a person types it; answers once
 * the password has been sent.
 */
async function typeLogin(page: Page, hostname: string, prompt: number, password: string) {
  await expect.poll(() => loginPrompts(page, hostname)).toBe(prompt);
  await page.keyboard.type('root');
  await page.keyboard.press('Enter');
  await expect.poll(() => readTerminal(page)).toMatch(/Password: *$/m);
  await page.keyboard.type(password);
  await page.keyboard.press('Enter');
}

/** The VM's power state as the console's API reports it (its per-cluster cache follows Proxmox). */
async function vmState(account: Account, id: number): Promise<string> {
  const res = await fetch(`${E2E.baseUrl}/api/instance/status?id=${id}`, {
    headers: { ssid: account.session.session_id },
  });
  return ((await res.json()) as { data?: { State: string } }).data?.State ?? `HTTP ${res.status}`;
}

async function customerWithServer(hostname: string) {
  const account = await createAccount();
  adminCli('user:balance', '--email', account.email, '--add', '20', '--note', 'e2e top-up');
  const { InstanceId } = await deployInstance(account, hostname);
  return { account, id: InstanceId };
}

for (const locale of ['en_US', 'zh_CN'] as const) {
  const t = TEXT[locale];

  test.describe(`consoles (${locale})`, () => {
    test.describe.configure({ timeout: 90_000 });

    test('VNC: logs in with the deploy password and shows what is typed, read back from the canvas', async ({
      page,
    }) => {
      const hostname = `vnc-${locale === 'en_US' ? 'en' : 'zh'}-${Date.now() % 100000}`;
      const { account, id } = await customerWithServer(hostname);
      await presetChoice(page, { locale, theme: 'dark' });
      await signInAs(page, account);
      await page.goto(`/instances/${id}`);
      await page.getByRole('link', { name: t.console }).click();
      await expect(page).toHaveURL(`/instances/${id}/vnc`);
      await expect(page.getByRole('status')).toHaveText(t.connected);
      // The browser's socket goes to this origin only: never a Proxmox host.
      const canvas = page.getByRole('application').locator('canvas');
      await expect.poll(() => readVncScreen(canvas)).toContain(`${hostname} login:`);

      await canvas.click();
      await page.keyboard.type('root');
      await page.keyboard.press('Enter');
      await expect.poll(() => readVncScreen(canvas)).toMatch(/Password: *$/m);
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.keyboard.type('echo Hello, VNC!');
      await page.keyboard.press('Enter');
      await expect.poll(() => readVncScreen(canvas)).toMatch(/^Hello, VNC!$/m);

      // Paste: the text goes in as key presses, a new line pressing Enter.
      await page.getByRole('button', { name: t.paste }).click();
      await page.getByLabel(t.pasteLabel).fill('echo pasted-42\n');
      await page.getByRole('button', { name: t.pasteSend, exact: true }).click();
      await expect.poll(() => readVncScreen(canvas)).toMatch(/^pasted-42$/m);
      await expectAccessible(page, `vnc ${locale}`);
    });

    test('terminal: logs in, runs a command, resizes, and says when the server ends the session', async ({ page }) => {
      const hostname = `term-${locale === 'en_US' ? 'en' : 'zh'}-${Date.now() % 100000}`;
      const { account, id } = await customerWithServer(hostname);
      await presetChoice(page, { locale, theme: 'light' });
      await signInAs(page, account);
      await page.setViewportSize({ width: 390, height: 844 });
      await page.goto(`/instances/${id}`);
      await page.getByRole('link', { name: t.terminal }).click();
      await expect(page).toHaveURL(`/instances/${id}/xterm`);
      await expect(page.getByRole('status')).toHaveText(t.connected);
      await expect.poll(() => readTerminal(page)).toContain(`${hostname} login:`);

      await page.keyboard.type('root');
      await page.keyboard.press('Enter');
      await expect.poll(() => readTerminal(page)).toMatch(/Password: *$/m);
      await page.keyboard.type(PASSWORD);
      await page.keyboard.press('Enter');
      await page.keyboard.type('hostname');
      await page.keyboard.press('Enter');
      await expect.poll(() => readTerminal(page)).toMatch(new RegExp(`^${hostname}$`, 'm'));

      // The terminal follows the window: wider rows after a resize.
      const width = () =>
        page
          .locator('.xterm-rows > div')
          .first()
          .evaluate((el) => el.getBoundingClientRect().width);
      const narrow = await width();
      await page.setViewportSize({ width: 1280, height: 800 });
      await expect.poll(width).toBeGreaterThan(narrow * 2);
      await expectAccessible(page, `xterm ${locale}`);

      // The guest powers off behind the page's back: Proxmox ends the console, the page says so.
      await stopVmByName(hostname);
      await expect(page.getByRole('alert').filter({ hasText: t.closed })).toBeVisible();
      // Reconnecting once the console's API sees the VM stopped: the page says so, and what to do.
      await expect.poll(() => vmState(account, id)).toBe('stopped');
      await page.getByRole('alert').getByRole('button', { name: t.reconnect }).click();
      await expect(page.getByRole('alert').filter({ hasText: t.xtermFailed })).toContainText(t.stopped);

      // Now the VNC page cannot load: its loader's ticket is refused, and the page says why.
      await page.goto(`/instances/${id}/vnc`);
      await expect(page.getByRole('alert').filter({ hasText: t.vncFailed })).toContainText(t.stopped);
      await expect(page).toHaveURL(`/instances/${id}/vnc`);
    });

    test.describe('a console that cannot open', () => {
      // The host that does not answer is a 502 of the ticket request, which the browser logs.
      test.use({ expectedConsoleErrors: /status of 502 \(Bad Gateway\)/ });

      test('says why and what to do: start the server, or open a ticket', async ({ page }) => {
        const hostname = `shut-${locale === 'en_US' ? 'en' : 'zh'}-${Date.now() % 100000}`;
        const { account, id } = await customerWithServer(hostname);
        await stopVmByName(hostname);
        await expect.poll(() => vmState(account, id)).toBe('stopped');
        await presetChoice(page, { locale, theme: 'light' });
        await signInAs(page, account);

        // Stopped: the VNC page says so and starts the server, then the console connects by itself.
        await page.goto(`/instances/${id}`);
        await expectPageReady(page);
        await page.getByRole('link', { name: t.console }).click();
        const vnc = page.getByRole('alert').filter({ hasText: t.vncFailed });
        await expect(vnc).toContainText(t.stopped);
        await expect(page).toHaveURL(`/instances/${id}/vnc`);
        await expect(page.getByRole('link', { name: t.back })).toBeVisible();
        await expectAccessible(page, `vnc refused ${locale}`);
        await vnc.getByRole('button', { name: t.start }).click();
        await expect(page.getByRole('status').filter({ hasText: t.connected })).toBeVisible({ timeout: 30_000 });
        await expect(vnc).toHaveCount(0);

        // The VM is gone from its host: "we're looking into it", with a ticket to open.
        const vm = await findVm(hostname);
        await removeVmByName(hostname);
        await expect.poll(() => vmState(account, id)).toBe('unknown');
        await page.goto(`/instances/${id}/vnc`);
        await expect(page.getByRole('alert').filter({ hasText: t.vncFailed })).toContainText(t.vmMissing);
        await expect(page.getByRole('alert').getByRole('link', { name: t.openTicket })).toBeVisible();

        // Then its host does not answer about it: the terminal says so, with a ticket to open.
        await injectFault({
          region: vm.region,
          kind: 'http-500',
          method: 'GET',
          path: `/qemu/${vm.vmid}/config$`,
          message: 'no route to host',
        });
        await page.goto(`/instances/${id}/xterm`);
        const xterm = page.getByRole('alert').filter({ hasText: t.xtermFailed });
        await expect(xterm).toContainText(t.hostDown);
        await page.setViewportSize({ width: 390, height: 844 });
        await expect(xterm.getByRole('button', { name: t.reconnect })).toBeVisible();
        await xterm.getByRole('link', { name: t.openTicket }).click();
        await expect(page).toHaveURL(/\/tickets\?new=1$/);
      });
    });

    test('terminal: logs in, runs a command, and after a password change only the new password logs in', async ({
      page,
    }) => {
      const hostname = `pw-${locale === 'en_US' ? 'en' : 'zh'}-${Date.now() % 100000}`;
      const { account, id } = await customerWithServer(hostname);
      const fresh = `Fresh-${locale === 'en_US' ? 'En' : 'Zh'}-Passw0rd`;
      await presetChoice(page, { locale, theme: 'dark' });
      await signInAs(page, account);
      await page.goto(`/instances/${id}/xterm`);
      await expect(page.getByRole('status')).toHaveText(t.connected);
      await typeLogin(page, hostname, 1, PASSWORD);
      await page.keyboard.type('echo first session');
      await page.keyboard.press('Enter');
      await expect.poll(() => readTerminal(page)).toMatch(/^first session$/m);

      if (locale === 'en_US') {
        // As a customer does it: the settings tab's password section, then back to the terminal.
        await page.goto(`/instances/${id}?tab=settings`);
        const settings = page.getByRole('region', { name: t.settings });
        await field(page, t.newPassword).fill(fresh);
        await settings.getByRole('button', { name: t.changePassword }).click();
        await expect(page.getByText(t.passwordChanged, { exact: true })).toBeVisible({ timeout: 15_000 });
        await page.goto(`/instances/${id}/xterm`);
        await expect(page.getByRole('status')).toHaveText(t.connected);
      } else {
        // Changed elsewhere (another tab, the API) while the terminal stays open; the page reconnects.
        await changeInstancePassword(account.session.session_id, id, fresh);
        await page.getByRole('button', { name: t.reconnect }).click();
        await expect(page.getByRole('status')).toHaveText(t.connected);
      }

      // A new session starts at the login prompt: the deploy password is refused now, the new one works.
      await typeLogin(page, hostname, 1, PASSWORD);
      await expect.poll(() => readTerminal(page)).toContain('Login incorrect');
      await typeLogin(page, hostname, 2, fresh);
      await page.keyboard.type('hostname');
      await page.keyboard.press('Enter');
      await expect.poll(() => readTerminal(page)).toMatch(new RegExp(`^${hostname}$`, 'm'));
    });

    test('an instance that is not the customer’s is "not found" on both console pages', async ({ page }) => {
      const account = await createAccount();
      await presetChoice(page, { locale });
      await signInAs(page, account);
      for (const kind of ['vnc', 'xterm']) {
        await page.goto(`/instances/999999/${kind}`);
        await expect(page.getByText(t.notFound).first()).toBeVisible();
        await expect(page).toHaveURL('/instances');
      }
    });
  });
}
