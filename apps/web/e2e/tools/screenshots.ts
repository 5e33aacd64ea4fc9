// Screenshots of every page in both languages and both themes, for looking at what we build.
// Usage: node --import tsx apps/web/e2e/tools/screenshots.ts <baseUrl> <email> <password> [outDir] [width]
// PAGES=deploy,me-keys limits it to the pages named.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Page } from '@playwright/test';
import enCommon from '../../src/locales/en_US/common.json';
import zhCommon from '../../src/locales/zh_CN/common.json';
import enConsole from '../../src/locales/en_US/instance-console.json';
import zhConsole from '../../src/locales/zh_CN/instance-console.json';
import { PLAYWRIGHT_CHROMIUM } from '../support/chromium';

const [base, email, password, outDir = '.tmp/screenshots', width = '1280'] = process.argv.slice(2);
if (!base || !email || !password) {
  process.stderr.write('usage: screenshots.ts <baseUrl> <email> <password> [outDir] [width]\n');
  process.exit(2);
}
mkdirSync(outDir, { recursive: true });

const login = await fetch(`${base}/api/login`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ Email: email, Password: password, AgreeTerms: true }),
});
if (!login.ok) throw new Error(`sign-in failed: ${login.status}`);
const session = ((await login.json()) as { data: unknown }).data;

const PUBLIC = {
  login: '/login?code=403',
  // The return from a third-party login that failed (the first configured provider, if any).
  'login-oauth-failed': '/login?oauth_error=email_exist&provider=github',
  register: '/register',
  forget: '/forget-password',
  forbidden: '/forbidden',
};
const PRIVATE: Record<string, string> = {
  dashboard: '/dashboard',
  me: '/me',
  'me-password': '/me?tab=password',
  'me-email': '/me?tab=email',
  'me-keys': '/me?tab=keys',
  'me-logins': '/me?tab=logins',
  'me-preferences': '/me?tab=preferences',
  deploy: '/deploy',
  instances: '/instances',
  billing: '/billing',
  'billing-transactions': '/billing?tab=transactions',
  affiliate: '/affiliate',
  tickets: '/tickets',
  'tickets-new': '/tickets?new=1',
  notices: '/notices',
  'not-found': '/no/such/page',
};

// The first of the account's instances, when it has one, for the detail page.
const list = await fetch(`${base}/api/instances?limit=1`, {
  headers: { ssid: (session as { session_id: string }).session_id },
});
const first = ((await list.json()) as { data?: { Items: { Id: number }[] } }).data?.Items[0];
if (first) {
  PRIVATE.instance = `/instances/${first.Id}`;
  for (const tab of ['overview', 'history', 'network', 'firewall', 'backups', 'snapshots', 'settings']) {
    PRIVATE[`instance-${tab}`] = `/instances/${first.Id}?tab=${tab}`;
  }
  PRIVATE['instance-vnc'] = `/instances/${first.Id}/vnc`;
  PRIVATE['instance-xterm'] = `/instances/${first.Id}/xterm`;
}

// The newest of the account's invoices, when it has one, for the invoice page.
const invoices = await fetch(`${base}/api/invoices?limit=1`, {
  headers: { ssid: (session as { session_id: string }).session_id },
});
const invoice = ((await invoices.json()) as { data?: { Items: { Id: number }[] } }).data?.Items[0];
if (invoice) PRIVATE.invoice = `/invoices/${invoice.Id}`;

// The oldest of the account's tickets on the first page (the longest conversation, usually).
const tickets = await fetch(`${base}/api/tickets?limit=100`, {
  headers: { ssid: (session as { session_id: string }).session_id },
});
const ticket = ((await tickets.json()) as { data?: { Items: { Id: number }[] } }).data?.Items.at(-1);
if (ticket) PRIVATE.ticket = `/tickets/${ticket.Id}`;

// The first notice (pinned or newest), opened, when there is one.
const notices = await fetch(`${base}/api/notices?limit=1`, {
  headers: { ssid: (session as { session_id: string }).session_id },
});
const notice = ((await notices.json()) as { data?: { Items: { Id: number }[] } }).data?.Items[0];
if (notice) PRIVATE.notice = `/notices?id=${notice.Id}`;

const only = process.env.PAGES?.split(',');

const LOADING = [enCommon.loading, zhCommon.loading];
/** The console pages' connection badge once the session is up, in both languages. */
const CONNECTED = new RegExp(`^(${enConsole.state.connected}|${zhConsole.state.connected})$`);

/**
 * Waits for the page's own content rather than a fixed time: an h1 that is not the loading
 * screen's, no loading screen left, the network quiet (lazy chunks, API reads) and fonts loaded.
 * A console page keeps its socket open (the network never goes quiet): it is settled once it says
 * it is connected and the guest's first screen has arrived.
 */
async function settled(page: Page): Promise<void> {
  let heading = page.getByRole('heading', { level: 1 });
  for (const { title } of LOADING) heading = heading.filter({ hasNotText: new RegExp(`^${title}$`) });
  await heading.waitFor();
  if (/\/(vnc|xterm)$/.test(new URL(page.url()).pathname)) {
    await page.getByRole('status').filter({ hasText: CONNECTED }).waitFor();
    if (page.url().endsWith('/xterm'))
      await page
        .locator('.xterm-rows')
        .getByText(/login:/)
        .first()
        .waitFor();
    // noVNC's canvas exists before the first frame: wait until the guest's text is drawn on it.
    else
      await page.waitForFunction(() => {
        const c = document.querySelector<HTMLCanvasElement>('[role="application"] canvas');
        const data = c?.getContext('2d')?.getImageData(0, 0, c.width, c.height).data;
        return !!data && data.some((v, i) => i % 4 === 0 && v > 0x55);
      });
  } else {
    await page.waitForLoadState('networkidle');
  }
  await page.evaluate(() => document.fonts.ready);
  for (const { message } of LOADING) await page.getByText(message).waitFor({ state: 'hidden' });
}

const GROUPS: [boolean, Record<string, string>][] = [
  [false, PUBLIC],
  [true, PRIVATE],
];

const browser = await chromium.launch(PLAYWRIGHT_CHROMIUM);
for (const locale of ['en_US', 'zh_CN']) {
  for (const theme of ['light', 'dark']) {
    for (const [signedIn, pages] of GROUPS) {
      const context = await browser.newContext({ viewport: { width: Number(width), height: 860 } });
      await context.addInitScript(
        ({ locale, theme, session }) => {
          localStorage.setItem('locale', locale);
          localStorage.setItem('theme', theme);
          if (session) localStorage.setItem('session', JSON.stringify(session));
        },
        { locale, theme, session: signedIn ? session : null },
      );
      const page = await context.newPage();
      for (const [name, url] of Object.entries(pages)) {
        if (only && !only.includes(name)) continue;
        await page.goto(`${base}${url}`);
        await settled(page);
        const file = path.join(outDir, `${name}-${locale}-${theme}-${width}.png`);
        await page.screenshot({ path: file, fullPage: true });
        process.stdout.write(`${file}\n`);
      }
      await context.close();
    }
  }
}
await browser.close();
