import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../index.js';
import { api, cloneVm, start, USER, waitTask } from '../../test/helpers.js';
import { startConsoleTestServer, type NoVncPage, type TestServer } from '../../test/console/console-test-server.js';
import { readScreenText } from '../../test/console/screen-ocr.js';
import { CHROMIUM } from '../../test/console/chromium.js';

// The whole path a console proxy uses: a ticket session, vncproxy, then noVNC in Chromium on the
// emulator's own vncwebsocket with the ticket cookie and the vncticket as the VNC password.
const VMID = 801;
const XK_RETURN = 0xff0d;
let em: Emulator;
let pages: TestServer;
let browser: Browser;
let ticket: string;
let csrf: string;

beforeAll(async () => {
  em = await start();
  await cloneVm(em, VMID, { name: 'web-8' });
  await api(em, 'PUT', `/nodes/pve1/qemu/${VMID}/config`, { ciuser: 'ada', cipassword: 'cloud-pass' });
  await waitTask(em, (await api(em, 'POST', `/nodes/pve1/qemu/${VMID}/status/start`)).body.data);
  const login = (await api(em, 'POST', '/access/ticket', { ...USER }, {})).body.data as Record<string, string>;
  ticket = login.ticket ?? '';
  csrf = login.CSRFPreventionToken ?? '';
  // Serves only the page and noVNC's modules; the WebSocket goes to the emulator.
  pages = await startConsoleTestServer((ws) => ws.close());
  browser = await chromium.launch(CHROMIUM);
});
afterAll(async () => {
  await browser?.close();
  await pages?.close();
  await em?.close();
});

async function vncproxy(): Promise<{ port: string; ticket: string }> {
  const headers = { Cookie: `PVEAuthCookie=${encodeURIComponent(ticket)}`, CSRFPreventionToken: csrf };
  const r = await api(em, 'POST', `/nodes/pve1/qemu/${VMID}/vncproxy`, { websocket: 1 }, headers);
  const data = r.body.data as Record<string, unknown>;
  return { port: String(data.port), ticket: String(data.ticket) };
}

async function openPage(withCookie: boolean): Promise<Page> {
  const context = await browser.newContext();
  if (withCookie) await context.addCookies([{ name: 'PVEAuthCookie', value: encodeURIComponent(ticket), url: em.url }]);
  const page = await context.newPage();
  await page.goto(`http://127.0.0.1:${pages.port}/`);
  await page.waitForFunction(() => (globalThis as unknown as NoVncPage).ready === true);
  return page;
}

function connect(page: Page, vnc: { port: string; ticket: string }): Promise<string> {
  const url = `${em.url.replace('http', 'ws')}/api2/json/nodes/pve1/qemu/${VMID}/vncwebsocket?port=${vnc.port}&vncticket=${encodeURIComponent(vnc.ticket)}`;
  return page.evaluate((a) => (globalThis as unknown as NoVncPage).connectVnc(a.url, a.password), {
    url,
    password: vnc.ticket,
  });
}

async function screenShows(page: Page, text: string): Promise<string> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const shown = readScreenText(await page.evaluate(() => (globalThis as unknown as NoVncPage).readCanvas()));
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`screen never showed ${JSON.stringify(text)}:\n${shown}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function type(page: Page, text: string): Promise<void> {
  const keysyms = [...text].map((c) => c.charCodeAt(0)).concat(XK_RETURN);
  await page.evaluate((syms) => (globalThis as unknown as NoVncPage).sendKeys(syms), keysyms);
}

describe('noVNC through the emulated vncwebsocket', () => {
  it('signs in with the cloud-init credentials on the VM console', async () => {
    const page = await openPage(true);
    expect(await connect(page, await vncproxy())).toBe('connect');
    await screenShows(page, 'web-8 login:');
    await type(page, 'ada');
    await screenShows(page, 'Password:');
    await type(page, 'cloud-pass');
    await screenShows(page, 'ada@web-8:~$');
    await type(page, 'whoami');
    expect(await screenShows(page, 'ada@web-8:~$ whoami')).toMatch(/whoami\s+ada/);
    await page.context().close();
  });

  it('refuses the socket without the ticket cookie', async () => {
    const anonymous = await openPage(false);
    expect(await connect(anonymous, await vncproxy())).not.toBe('connect');
    await anonymous.context().close();
  });

  it('accepts a vncticket once', async () => {
    const vnc = await vncproxy();
    const page = await openPage(true);
    expect(await connect(page, vnc)).toBe('connect');
    const again = await openPage(true);
    expect(await connect(again, vnc)).not.toBe('connect');
    await page.context().close();
    await again.context().close();
  });
});
