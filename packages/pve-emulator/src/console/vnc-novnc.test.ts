import { chromium, type Browser, type Page } from '@playwright/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleTestServer, type NoVncPage, type TestServer } from '../../test/console/console-test-server.js';
import { CHROMIUM } from '../../test/console/chromium.js';
import { testGuest } from '../../test/console/fixtures.js';
import { readScreenText, type LitBitmap } from '../../test/console/screen-ocr.js';
import { serveVnc } from './index.js';

// The vncticket as Proxmox now hands it out: an 8-character VNC password, then the ticket.
const PASSWORD = 'Xk3pQ9wz:PVEVNC:6753A0B1::c2lnbmF0dXJl';
const XK_RETURN = 0xff0d;
let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startConsoleTestServer((ws, path) => {
    serveVnc(ws, { password: PASSWORD, guest: testGuest({ running: !path.includes('stopped') }) });
  });
  browser = await chromium.launch({ ...CHROMIUM, headless: true });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

// Functions passed to page.evaluate run in the browser, where PAGE defined these on window.
/** Opens the page and connects noVNC; resolves with the first RFB event that settles the attempt. */
async function connect(path: string, password: string): Promise<string> {
  page = await browser.newPage();
  await page.goto(`http://127.0.0.1:${server.port}/`);
  await page.waitForFunction(() => (globalThis as unknown as NoVncPage).ready === true);
  return page.evaluate((args) => (globalThis as unknown as NoVncPage).connectVnc(args.url, args.password), {
    url: `ws://127.0.0.1:${server.port}${path}`,
    password,
  });
}

/** The canvas noVNC drew, reduced to lit pixels, plus the set of colours on it. */
function canvas(): Promise<LitBitmap & { colours: string[] }> {
  return page.evaluate(() => (globalThis as unknown as NoVncPage).readCanvas());
}

/** Polls the drawn screen until its text contains `text`. */
async function screenShows(text: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const shown = readScreenText(await canvas());
    if (shown.includes(text)) return shown;
    if (Date.now() > deadline) throw new Error(`screen never showed ${JSON.stringify(text)}:\n${shown}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** Types through noVNC's RFB.sendKey: one KeyEvent down and up per keysym. */
async function type(text: string, enter = true): Promise<void> {
  const keysyms = [...text].map((c) => c.charCodeAt(0));
  if (enter) keysyms.push(XK_RETURN);
  await page.evaluate((syms) => (globalThis as unknown as NoVncPage).sendKeys(syms), keysyms);
}

describe('RFB server with noVNC in Chromium', () => {
  it('authenticates with the vncticket, draws the login, and runs commands typed through noVNC', async () => {
    expect(await connect('/vnc', PASSWORD)).toBe('connect');
    const boot = await screenShows('web-1 login:');
    expect(boot).toContain('Debian GNU/Linux 12 (bookworm) web-1 tty1');
    expect(boot).toContain('Simulated console of the Nimbus Proxmox emulator');
    const { w, h, colours } = await canvas();
    expect([w, h]).toEqual([720, 400]);
    expect(colours).toEqual(['000000', 'aaaaaa']);
    await type('debian');
    await screenShows('Password:');
    await type('s3cret-pass');
    await screenShows('debian@web-1:~$');
    await type('whoami');
    const shown = await screenShows('$ whoami\ndebian\ndebian@web-1:~$');
    expect(shown).not.toContain('s3cret-pass');
    // Ctrl+C as noVNC sends it: Control_L held around 'c'.
    await type('sleep 100', false);
    await page.evaluate(() => {
      const api = globalThis as unknown as NoVncPage;
      api.sendKey(0xffe3, true);
      api.sendKeys([0x63]);
      api.sendKey(0xffe3, false);
    });
    await screenShows('$ sleep 100^C\ndebian@web-1:~$');
    await page.close();
  });

  it('reports a security failure for a wrong password', async () => {
    const result = await connect('/vnc', 'wrongpwd');
    expect(result).toMatch(/^securityfailure /);
    expect(result).toContain('Authentication failed');
    await page.close();
  });

  it('draws a "not running" screen for a stopped guest', async () => {
    expect(await connect('/vnc-stopped', PASSWORD)).toBe('connect');
    await screenShows('Guest web-1 is not running.');
    await page.close();
  });
});
