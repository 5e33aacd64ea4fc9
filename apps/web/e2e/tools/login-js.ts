// The JS a signed-out visitor's browser downloads until the sign-in form is visible, per language,
// to hold against what scripts/check-bundle.mjs computes from the build manifest.
// Usage: node --import tsx apps/web/e2e/tools/login-js.ts <baseUrl> [gzip|br]
import { chromium } from '@playwright/test';
import { PLAYWRIGHT_CHROMIUM } from '../support/chromium';

const [base, encoding = 'gzip'] = process.argv.slice(2);
if (!base || !['gzip', 'br'].includes(encoding)) {
  process.stderr.write('usage: login-js.ts <baseUrl> [gzip|br]\n');
  process.exit(2);
}

interface Loaded {
  file: string;
  bytes: number;
  beforeForm: boolean;
}

const browser = await chromium.launch(PLAYWRIGHT_CHROMIUM);
for (const locale of ['en-US', 'zh-CN']) {
  const context = await browser.newContext({ locale, extraHTTPHeaders: { 'Accept-Encoding': encoding } });
  // Notes, in the page's own clock, the first frame that shows the form's submit button. A string,
  // not a function: tsx would add helpers to a function's source that the page does not have.
  await context.addInitScript(`
    (function watch() {
      var submit = document.querySelector('form button[type="submit"]');
      if (submit && submit.offsetParent !== null) window.formShownAt = performance.now();
      else requestAnimationFrame(watch);
    })();
  `);
  const page = await context.newPage();
  await page.goto(`${base}/login`);
  await page.locator('form button[type="submit"]').waitFor();
  await page.waitForLoadState('networkidle');
  // Resource timing: encodedBodySize is the body as sent (compressed); a request that started
  // after the form was shown was not needed to show it.
  const loaded = await page.evaluate((): Loaded[] => {
    const shownAt = (window as { formShownAt?: number }).formShownAt ?? Infinity;
    return performance
      .getEntriesByType('resource')
      .filter((entry) => new URL(entry.name).pathname.endsWith('.js'))
      .map((entry) => {
        const timing = entry as PerformanceResourceTiming;
        return {
          file: new URL(timing.name).pathname,
          bytes: timing.encodedBodySize,
          beforeForm: timing.startTime < shownAt,
        };
      });
  });
  const before = loaded.filter((l) => l.beforeForm);
  const total = before.reduce((sum, l) => sum + l.bytes, 0);
  process.stdout.write(
    `${locale}: ${before.length} JS files, ${total} bytes (${encoding}) before the form was shown\n`,
  );
  for (const l of loaded) {
    process.stdout.write(
      `  ${String(l.bytes).padStart(7)}  ${l.file}${l.beforeForm ? '' : '  (after the form was shown)'}\n`,
    );
  }
  await context.close();
}
await browser.close();
