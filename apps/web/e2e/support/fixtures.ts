import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import type { Account } from './api';

export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Runs axe with the WCAG 2.2 AA rules and target-size, failing with the violations listed. */
export async function expectAccessible(page: Page, label: string) {
  // Legacy mode runs axe.run in the page's frames directly; the default mode finishes every scan in
  // a new blank page with axe injected again, 0.4–0.9 s more per scan (the accessibility spec's
  // 160 scans are most of its time). The one thing legacy mode leaves out is cross-origin frames,
  // which the console has none of: a page that gains one is refused here rather than half-scanned.
  const origin = new URL(page.url()).origin;
  const foreign = page
    .frames()
    .map((f) => f.url())
    .filter((url) => /^https?:/.test(url) && new URL(url).origin !== origin);
  expect(foreign, `cross-origin frames on ${label}`).toEqual([]);
  const result = await new AxeBuilder({ page })
    .setLegacyMode(true)
    .withTags(WCAG_TAGS)
    // Only violations are read: axe then skips detailing every passing node (its documented way
    // to run faster), which finds the same violations.
    .options({ rules: { 'target-size': { enabled: true } }, resultTypes: ['violations'] })
    .analyze();
  const summary = result.violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 5)
        .join(' | ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
  await expectDisabledReadable(page, label);
  await expectFitsPhone(page, label);
}

/** Puts a session in local storage the way the app stores it, before any page script runs. */
export async function signInAs(page: Page, account: Account) {
  await page.addInitScript((session) => {
    if (!window.sessionStorage.getItem('e2e-seeded')) {
      window.localStorage.setItem('session', JSON.stringify(session));
      window.sessionStorage.setItem('e2e-seeded', '1');
    }
  }, account.session);
}

/** Fixes the language and theme before the app starts, as a returning visitor's stored choice. */
export async function presetChoice(
  page: Page,
  opts: { locale?: 'en_US' | 'zh_CN'; theme?: 'light' | 'dark' | 'system' },
) {
  await page.addInitScript((o) => {
    if (window.sessionStorage.getItem('e2e-preset')) return;
    if (o.locale) window.localStorage.setItem('locale', o.locale);
    if (o.theme) window.localStorage.setItem('theme', o.theme);
    window.sessionStorage.setItem('e2e-preset', '1');
  }, opts);
}

/** Fails a test on any console error or uncaught page error it does not declare as expected. */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp | null }>({
  expectedConsoleErrors: [null, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      const unexpected = (text: string) => !expectedConsoleErrors?.test(text);
      page.on('pageerror', (e) => unexpected(e.message) && errors.push(e.message));
      page.on('console', (m) => {
        // 4xx answers the tests provoke on purpose show up as console errors of the browser itself.
        if (m.type() === 'error' && !/status of 4\d\d/.test(m.text()) && unexpected(m.text())) errors.push(m.text());
      });
      await use(errors);
      expect(errors, 'console errors').toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** An input by its visible label, which carries an asterisk when the field is required. */
export function field(page: Page, label: string) {
  return page.getByLabel(new RegExp(`^${escapeRe(label)}\\s*\\*?$`));
}

/**
 * The loading screen's line in both languages ("Standby, page will be ready soon",
 * docs/product/README.md#the-shell-and-the-dashboard).
 */
/**
 * WCAG exempts disabled controls from contrast, but a customer still has to read what a disabled
 * button would do: each visible one keeps 4.5:1 between its text and the background behind it.
 */
export async function expectDisabledReadable(page: Page, label: string) {
  const low = await page.evaluate(() => {
    const rgba = (css: string) => (css.match(/[\d.]+/g) ?? []).map(Number);
    const luminance = ([r = 0, g = 0, b = 0]: number[]) => {
      const [x, y, z] = [r, g, b].map((v) => {
        const c = v / 255;
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * x! + 0.7152 * y! + 0.0722 * z!;
    };
    const background = (el: Element | null): number[] => {
      for (let node = el; node; node = node.parentElement) {
        const c = rgba(getComputedStyle(node).backgroundColor);
        if (c.length === 3 || (c[3] ?? 0) > 0) return c;
      }
      return [255, 255, 255];
    };
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll('button:disabled, button[data-disabled="true"]'))) {
      const box = el.getBoundingClientRect();
      const text = (el as HTMLElement).innerText.trim();
      if (!text || box.width === 0 || box.height === 0) continue;
      const label = el.querySelector('.mantine-Button-label') ?? el;
      const [a, b] = [luminance(rgba(getComputedStyle(label).color)), luminance(background(el))];
      const ratio = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
      if (ratio < 4.5) found.push(`"${text}" ${ratio.toFixed(2)}:1`);
    }
    return found;
  });
  expect(low, `disabled buttons below 4.5:1 on ${label}`).toEqual([]);
}

/** A phone's viewport (iPhone 12 to 15): the narrowest width every page is made for. */
export const PHONE = { width: 390, height: 844 };

/**
 * Reflow (WCAG 1.4.10): at a phone's width the page does not scroll sideways, and nothing inside it
 * hides a sideways scroll (a table wider than its box) — the terminal and the VNC screen excepted,
 * which are a remote screen of fixed size. The page is put back at its own size after.
 */
export async function expectFitsPhone(page: Page, label: string) {
  const size = page.viewportSize();
  await page.setViewportSize(PHONE);
  await expect
    .poll(
      () =>
        page.evaluate(() => {
          const name = (el: Element) =>
            `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${Array.from(el.classList)
              .slice(0, 2)
              .map((c) => `.${c}`)
              .join('')} (${el.scrollWidth} > ${el.clientWidth})`;
          const root = document.documentElement;
          const wide = root.scrollWidth > root.clientWidth ? [`the page ${name(root)}`] : [];
          // What sticks out, named down to the innermost element, so a failure says where to look.
          if (wide.length > 0) {
            const out = Array.from(document.querySelectorAll('body *')).filter(
              (el) =>
                el.getBoundingClientRect().right > root.clientWidth + 1 ||
                (el.scrollWidth > el.clientWidth + 1 && getComputedStyle(el).overflowX === 'visible'),
            );
            for (const el of out.filter((el) => !out.some((other) => other !== el && el.contains(other))).slice(0, 3)) {
              wide.push(`sticks out: ${name(el)} "${(el.textContent ?? '').trim().slice(0, 40)}"`);
            }
          }
          for (const el of Array.from(document.querySelectorAll('body *'))) {
            if (el.closest('.xterm, [role="application"]')) continue;
            const { overflowX } = getComputedStyle(el);
            const scrolls = overflowX === 'auto' || overflowX === 'scroll';
            if (scrolls && el.clientWidth > 0 && el.scrollWidth > el.clientWidth + 1) wide.push(name(el));
          }
          return wide;
        }),
      { message: `sideways scroll at 390 px on ${label}` },
    )
    .toEqual([]);
  if (size) await page.setViewportSize(size);
}

const LOADING = /Standby, page will be ready soon|请稍候，页面即将就绪/;
/**
 * How long a page may show its loading screen. A first visit loads the page's chunks and its data;
 * on the 2-core machine with both test workers' browsers and the server busy, that took 8–12 s on
 * slow days (2026-11-28), beyond the 7 s every other expectation gets. A person waits for the
 * page; so does this, and the page must still come.
 */
const PAGE_LOAD_MS = 30_000;

/** Waits until the page shows its own content: its h1, and no loading screen. */
export async function expectPageReady(page: Page) {
  await expect(page.getByText(LOADING)).toHaveCount(0, { timeout: PAGE_LOAD_MS });
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText(LOADING)).toHaveCount(0);
}

/**
 * Waits until a dialog is fully shown: Mantine fades it in, and `toBeVisible` holds from the first
 * frame, when its text is still too faint to read (or for axe to judge its contrast).
 */
export async function expectDialogShown(page: Page) {
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await expect
    .poll(() =>
      dialog.evaluate((el) => {
        for (let node: Element | null = el; node; node = node.parentElement) {
          if (getComputedStyle(node).opacity !== '1') return false;
        }
        // Fades and slides still running (a spinner's endless animation does not count).
        return el.getAnimations({ subtree: true }).every((a) => a.effect?.getComputedTiming().iterations === Infinity);
      }),
    )
    .toBe(true);
}
