// Lighthouse on every page of the console, as a customer on a phone first sees it: Lighthouse's
// mobile defaults (a Moto G Power's screen, simulated slow 4G and a CPU 4 times slower), an empty
// cache and storage for each page, signed in where the page needs it. The console runs as
// `npm start` runs it (its own process, embedded PostgreSQL, emulated clusters, the built web app)
// on 127.0.0.1, with the demo account holding a server, an invoice, a ticket and a notice.
// Usage: node --import tsx bench/lighthouse.ts [runs per page=1] [path…]
// (`npm run build` first; with several runs the median performance run is reported.) Each page's full
// report is kept in .tmp/lighthouse/ (open it in the Lighthouse viewer, or read its JSON).
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse, { type Flags, type Result } from 'lighthouse';
import puppeteer, { type Page } from 'puppeteer-core';
import {
  demoAccount,
  deployedInTokyo,
  openTicket,
  startConsole,
  type Console,
} from '../apps/server/test/console-process.js';
import { admin, ROOT, stop } from '../apps/server/test/processes.js';
import { CHROMIUM } from '../apps/web/e2e/support/chromium.js';

const runs = Math.max(1, Number(process.argv[2] ?? 1));
const only = process.argv.slice(3);
if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
  console.error('the web app is not built: run `npm run build` first');
  process.exit(1);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-bench-lighthouse-'));
const env = { DATA_DIR: dataDir, DEMO_ACCOUNT: 'true', LOG_LEVEL: 'warn', PAYMENT_GATEWAYS: 'sandbox' };
const c: Console = await startConsole(env);
const origin = c.base.replace(/\/api$/, '');
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  // The demo customer, with one of everything a page lists.
  const demo = demoAccount(c);
  const login = await c.api<{ session_id: string }>('POST', '/login', '', {
    Email: demo.email,
    Password: demo.password,
    AgreeTerms: true,
  });
  const session = login.body.data;
  const ssid = session.session_id;
  const instanceId = await deployedInTokyo(c, ssid, 'lighthouse-1');
  const ticketId = await openTicket(c, ssid, 'Port 443 times out');
  const invoices = await c.api<{ Items: { Id: number }[] }>('GET', '/invoices?limit=1', ssid);
  const invoiceId = invoices.body.data.Items[0]!.Id;
  const notice = await admin(['notice:create', '--title', 'Maintenance', '--content', '<p>Sunday night.</p>'], env);
  if (notice.code !== 0) throw new Error(`notice:create: ${notice.stderr}`);

  const pages: { path: string; signedIn: boolean }[] = [
    ...['/login', '/register', '/forget-password'].map((p) => ({ path: p, signedIn: false })),
    ...[
      '/dashboard',
      '/deploy',
      '/instances',
      `/instances/${instanceId}`,
      `/instances/${instanceId}?tab=firewall`,
      `/instances/${instanceId}/vnc`,
      `/instances/${instanceId}/xterm`,
      '/billing',
      '/billing?tab=transactions',
      `/invoices/${invoiceId}`,
      '/tickets',
      `/tickets/${ticketId}`,
      '/notices',
      '/affiliate',
      '/me',
      '/me?tab=keys',
      '/forbidden',
      '/no/such/page',
    ].map((p) => ({ path: p, signedIn: true })),
  ].filter((p) => only.length === 0 || only.includes(p.path));

  chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM.executablePath,
    chromeFlags: ['--headless=new', ...CHROMIUM.args],
  });
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const flags: Flags = {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
  };

  /** One Lighthouse run in a fresh tab; signed in the way the app keeps its session. */
  async function audit(url: string, signedIn: boolean): Promise<Result> {
    const page: Page = await browser.newPage();
    try {
      if (signedIn) {
        // Lighthouse clears the origin's storage before it loads the page; this puts the session
        // back in each new document before the app's scripts run, as a returning customer has it.
        await page.evaluateOnNewDocument(
          `window.localStorage.setItem('session', ${JSON.stringify(JSON.stringify(session))});`,
        );
      }
      const result = await lighthouse(url, flags, undefined, page);
      if (!result) throw new Error(`no result for ${url}`);
      return result.lhr;
    } finally {
      await page.close();
    }
  }

  const score = (r: Result, id: string) => Math.round((r.categories[id]?.score ?? 0) * 100);
  const ms = (r: Result, id: string) => r.audits[id]?.numericValue ?? Number.NaN;
  const observedLcp = (r: Result) =>
    (r.audits.metrics?.details as { items?: { observedLargestContentfulPaint?: number }[] } | undefined)?.items?.[0]
      ?.observedLargestContentfulPaint ?? Number.NaN;
  const failing = (r: Result, category: string) =>
    (r.categories[category]?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && (r.audits[ref.id]?.score ?? 1) < 1)
      .map((ref) => ref.id);

  console.log(`\nLighthouse 12.2.3, mobile, ${runs} run(s) per page, ${origin}\n`);
  console.log(
    '| page | performance | accessibility | best practices | LCP (simulated) | LCP (observed) | TBT | CLS | below 100 |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  const why: string[] = [];
  const reports = path.join(ROOT, '.tmp/lighthouse');
  mkdirSync(reports, { recursive: true });
  for (const p of pages) {
    const results: Result[] = [];
    for (let i = 0; i < runs; i++) results.push(await audit(`${origin}${p.path}`, p.signedIn));
    results.sort((a, b) => score(a, 'performance') - score(b, 'performance'));
    const r = results[Math.floor(results.length / 2)]!;
    if (r.runtimeError) throw new Error(`${p.path}: ${r.runtimeError.code} ${r.runtimeError.message}`);
    writeFileSync(path.join(reports, `${p.path.replace(/[^a-z0-9]+/gi, '_') || 'root'}.json`), JSON.stringify(r));
    const below = [...failing(r, 'accessibility'), ...failing(r, 'best-practices')];
    for (const id of below) {
      const items = (r.audits[id]?.details as { items?: { node?: { snippet?: string; explanation?: string } }[] })
        ?.items;
      const nodes = (items ?? []).slice(0, 3).map((i) => `${i.node?.snippet ?? ''} ${i.node?.explanation ?? ''}`);
      why.push(`- ${p.path} ${id}: ${nodes.join(' | ') || r.audits[id]?.displayValue || ''}`);
    }
    console.log(
      `| ${p.path.replace(String(instanceId), '{id}').replace(`/invoices/${invoiceId}`, '/invoices/{id}').replace(`/tickets/${ticketId}`, '/tickets/{id}')} | ${score(r, 'performance')} | ${score(r, 'accessibility')} | ${score(r, 'best-practices')} | ${(ms(r, 'largest-contentful-paint') / 1000).toFixed(2)} s | ${(observedLcp(r) / 1000).toFixed(2)} s | ${Math.round(ms(r, 'total-blocking-time'))} ms | ${ms(r, 'cumulative-layout-shift').toFixed(3)} | ${below.join(', ') || '–'} |`,
    );
  }
  if (why.length) console.log(`\nBelow 100, the first elements each audit names:\n${why.join('\n')}`);
  await browser.disconnect();
} finally {
  chrome?.kill();
  await stop(c.server.child);
  rmSync(dataDir, { recursive: true, force: true });
}
