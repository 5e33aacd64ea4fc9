import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { pagePreloads } from './page-preloads.js';

/** A web build's route-chunks.json shaped as apps/web/vite.config.ts writes it. */
function dist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-preloads-'));
  mkdirSync(path.join(dir, '.vite'));
  const route = (name: string, css: string[] = []) => ({
    js: [`assets/${name}.js`, 'assets/shared.js'],
    css,
    console: false,
  });
  writeFileSync(
    path.join(dir, '.vite', 'route-chunks.json'),
    JSON.stringify({
      routes: {
        index: { js: [], css: [], console: false },
        login: route('login'),
        // The signed-in layout: the query client it waits for, and the console's strings.
        _app: {
          js: ['assets/query-client.js', 'assets/app.js', 'assets/shared.js'],
          css: ['assets/app.css'],
          console: true,
        },
        '_app/$': { js: [], css: [], console: false },
        '_app/dashboard': route('dashboard', ['assets/dashboard.css']),
        '_app/instances/index': route('instances'),
        '_app/instances/$id/index': route('instance'),
        '_app/instances/$id/vnc': route('vnc'),
      },
      locales: {
        en_US: { public: ['assets/en.js'], console: ['assets/en-console.js'] },
        zh_CN: { public: ['assets/zh.js'], console: ['assets/zh-console.js'] },
      },
    }),
  );
  return dir;
}

const hrefs = (links: string) => [...links.matchAll(/href="([^"]+)"/g)].map((m) => m[1]);

describe('the chunks a page’s document names', () => {
  const preloads = pagePreloads(dist())!;

  it('names a signed-in page’s chunks with its layout’s, the console’s parts and the language’s strings', () => {
    const links = preloads('/dashboard?x=1', 'zh_CN');
    expect(hrefs(links)).toEqual([
      '/assets/zh.js',
      '/assets/zh-console.js',
      '/assets/query-client.js',
      '/assets/app.js',
      '/assets/shared.js',
      '/assets/dashboard.js',
      '/assets/app.css',
      '/assets/dashboard.css',
    ]);
    expect(links).toContain('<link rel="modulepreload" crossorigin href="/assets/dashboard.js">');
    expect(links).toContain('<link rel="preload" as="style" crossorigin href="/assets/dashboard.css">');
  });

  it('names only the public strings for a public page', () => {
    expect(hrefs(preloads('/login', 'en_US'))).toEqual(['/assets/en.js', '/assets/login.js', '/assets/shared.js']);
  });

  it('prefers a fixed segment to a parameter, and a parameter to the rest of the path', () => {
    expect(hrefs(preloads('/instances', 'en_US'))).toContain('/assets/instances.js');
    expect(hrefs(preloads('/instances/', 'en_US'))).toContain('/assets/instances.js');
    expect(hrefs(preloads('/instances/42', 'en_US'))).toContain('/assets/instance.js');
    expect(hrefs(preloads('/instances/42/vnc', 'en_US'))).toContain('/assets/vnc.js');
    // Any other path is the signed-in not-found page, in the layout.
    expect(hrefs(preloads('/instances/42/nothing', 'en_US'))).toEqual([
      '/assets/en.js',
      '/assets/en-console.js',
      '/assets/query-client.js',
      '/assets/app.js',
      '/assets/shared.js',
      '/assets/app.css',
    ]);
  });

  it('names only the strings for /, which sends a visitor on before anything shows', () => {
    expect(hrefs(preloads('/', 'en_US'))).toEqual(['/assets/en.js']);
  });

  it('is off for a build without the list, which then loads as it always did', () => {
    expect(pagePreloads(mkdtempSync(path.join(tmpdir(), 'nimbus-preloads-')))).toBeNull();
  });

  it('is off, saying why, for a list it cannot read, rather than failing the pages', () => {
    const dir = dist();
    const file = path.join(dir, '.vite', 'route-chunks.json');
    writeFileSync(file, JSON.stringify({ routes: { login: { js: ['../../etc/passwd'], css: [] } }, locales: {} }));
    const why: string[] = [];
    expect(pagePreloads(dir, (w) => why.push(w))).toBeNull();
    writeFileSync(file, '{ not json');
    expect(pagePreloads(dir, (w) => why.push(w))).toBeNull();
    expect(why).toHaveLength(2);
  });
});
