import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAccount, type Account } from './support/api';
import { expect, expectPageReady, signInAs, test } from './support/fixtures';

/** The web build's own list of chunks (Vite's manifest), by source module. */
const manifest = JSON.parse(
  readFileSync(path.resolve(import.meta.dirname, '../dist/.vite/manifest.json'), 'utf8'),
) as Record<string, { file: string; imports?: string[] }>;

/**
 * The chunk of a source module (a route: its component and loader) with every chunk it imports
 * statically, as URL paths.
 */
function chunksOf(source: string): string[] {
  const key = Object.keys(manifest).find(
    (k) => k === source || (k.startsWith(`${source}?tsr-split=`) && k.includes('component')),
  );
  if (!key) throw new Error(`no chunk of ${source} in the build's manifest`);
  const files = new Set<string>();
  const walk = (k: string) => {
    const chunk = manifest[k]!;
    if (files.has(`/${chunk.file}`)) return;
    files.add(`/${chunk.file}`);
    for (const next of chunk.imports ?? []) walk(next);
  };
  walk(key);
  return [...files];
}

/** What a document names for the browser to fetch at once: its scripts and `modulepreload` links. */
function namedScripts(html: string): string[] {
  return [
    ...html.matchAll(/<script\b[^>]*\bsrc="([^"]+)"/g),
    ...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g),
  ].map((m) => m[1]!);
}

let account: Account;
test.beforeAll(async () => {
  account = await createAccount();
});

const PAGES = [
  { path: '/login', route: 'src/routes/login.tsx', signedIn: false },
  { path: '/register', route: 'src/routes/register.tsx', signedIn: false },
  { path: '/dashboard', route: 'src/routes/_app/dashboard.tsx', signedIn: true },
  { path: '/billing', route: 'src/routes/_app/billing.tsx', signedIn: true },
  { path: '/tickets', route: 'src/routes/_app/tickets/index.tsx', signedIn: true },
  { path: '/me', route: 'src/routes/_app/me.tsx', signedIn: true },
];

for (const [locale, browserLocale] of [
  ['en_US', 'en-US'],
  ['zh_CN', 'zh-CN'],
] as const) {
  // A first visit with no stored choice: the language is the browser's, which the server sees too.
  test.describe(`a page's document names the code its first paint waits for (${locale})`, () => {
    test.use({ locale: browserLocale });

    for (const page of PAGES) {
      test(`${page.path}: its chunks, their imports and its language's strings`, async ({ page: tab }) => {
        // Without these in the document, the entry finds the language only when it runs, the
        // router the page's chunk after that and that chunk its imports: each one more round trip.
        const needed = [
          ...chunksOf(page.route),
          ...chunksOf(`src/locales/${locale}/index.ts`),
          ...(page.signedIn
            ? [
                ...chunksOf('src/routes/_app.tsx'),
                ...chunksOf(`src/locales/${locale}/console.ts`),
                ...chunksOf('src/lib/query-client.ts'),
              ]
            : []),
        ];
        const fetched: string[] = [];
        tab.on('request', (r) => {
          const url = new URL(r.url());
          if (url.pathname.startsWith('/assets/')) fetched.push(url.pathname);
        });
        if (page.signedIn) await signInAs(tab, account);
        const response = await tab.goto(page.path);
        const named = namedScripts(await response!.text());
        await expectPageReady(tab);
        await expect(tab.locator('html')).toHaveAttribute('lang', locale === 'zh_CN' ? 'zh-CN' : 'en');
        // What the page really loads (the premise), and all of it named by the document.
        expect(fetched).toEqual(expect.arrayContaining(needed));
        expect(needed.filter((file) => !named.includes(file))).toEqual([]);
      });
    }
  });
}
