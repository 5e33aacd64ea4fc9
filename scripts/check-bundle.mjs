// Size budgets of the web build, read from Vite's manifest: what a signed-out visitor downloads
// before /login is usable, and every route chunk (merged ones included). A size check, never a timed test.
// Usage: node scripts/check-bundle.mjs [distDir]   (default apps/web/dist)
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));

/**
 * Budgets in bytes served with gzip (kB = 1000 bytes, as Vite reports): the 150 kB budget
 * (docs/decisions/0005-web-bundle-budget.md) before /login is usable, and 50 kB for every route
 * chunk. The .gz files are the ones the server sends (scripts/precompress.mjs, Zopfli); brotli,
 * which browsers prefer, is smaller still.
 */
const BUDGET = { login: 150_000, route: 50_000 };
const LOGIN_ROUTE = 'src/routes/login.tsx';
const ROUTE = /^src\/routes\/(.+)\.tsx\?tsr-split=/;
// A language's public strings (src/locales/<lang>/index.ts); the console's load after sign-in.
const LOCALE = /^src\/locales\/([a-z]{2}_[A-Z]{2})\/index\.ts$/;

const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
const entries = Object.entries(manifest);

const sizes = new Map();
/**
 * Raw bytes of a built file, and the bytes the server sends for it with gzip and with brotli: the
 * precompressed .gz and .br that `npm run build` writes, or the file as is when it has none
 * (scripts/precompress.mjs leaves files under 1 kB alone).
 */
function size(file) {
  if (!sizes.has(file)) {
    const full = path.join(dist, file);
    const raw = statSync(full).size;
    const served = (ext) => (existsSync(`${full}.${ext}`) ? statSync(`${full}.${ext}`).size : raw);
    sizes.set(file, { raw, gzip: served('gz'), brotli: served('br') });
  }
  return sizes.get(file);
}

/** The JS files a manifest chunk loads: itself and its static imports, recursively. */
function closure(key, files = new Set()) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const imported of chunk.imports ?? []) closure(imported, files);
  return files;
}

function total(files) {
  const sum = { raw: 0, gzip: 0, brotli: 0 };
  for (const file of files) for (const k of Object.keys(sum)) sum[k] += size(file)[k];
  return { files: files.size, ...sum };
}

const entryKeys = entries.filter(([, c]) => c.isEntry).map(([k]) => k);
if (entryKeys.length !== 1) throw new Error(`expected one entry, found ${entryKeys.length}`);
if (!existsSync(path.join(dist, `${manifest[entryKeys[0]].file}.gz`))) {
  throw new Error('no precompressed files: build with `npm run build`');
}
const entry = closure(entryKeys[0]);
// Scripts that index.html loads besides the bundle (public/theme-init.js).
const html = readFileSync(path.join(dist, 'index.html'), 'utf8');
for (const [, src] of html.matchAll(/<script\b[^>]*\bsrc="\/([^"]+)"/g)) entry.add(src);

const routes = entries.filter(([k, c]) => c.isDynamicEntry && ROUTE.test(k));
const loginRoutes = routes.filter(([k]) => k.startsWith(`${LOGIN_ROUTE}?`)).map(([k]) => k);
if (loginRoutes.length === 0) throw new Error(`no lazy chunk of ${LOGIN_ROUTE} in the manifest`);

const locales = new Map();
for (const [key, chunk] of entries) {
  const locale = chunk.isDynamicEntry ? LOCALE.exec(key)?.[1] : undefined;
  if (locale) locales.set(locale, [...(locales.get(locale) ?? []), key]);
}
if (locales.size === 0) throw new Error('no lazily loaded locale chunk in the manifest');

const kB = (n) => (n / 1000).toFixed(1);
const rows = [];
const row = (name, s, budget) => {
  const over = budget !== undefined && s.gzip > budget;
  rows.push([
    name,
    String(s.files),
    kB(s.raw),
    kB(s.gzip),
    kB(s.brotli),
    budget === undefined ? '' : `${kB(budget)}${over ? ' ✗' : ''}`,
  ]);
  return over;
};

let failed = false;
row('entry and its static imports', total(entry));
let worst = 0;
for (const [locale, keys] of [...locales].sort()) {
  const files = new Set(entry);
  for (const key of [...loginRoutes, ...keys]) closure(key, files);
  const login = total(files);
  worst = Math.max(worst, login.gzip);
  failed = row(`/login signed out, ${locale}`, login, BUDGET.login) || failed;
}
for (const [key, chunk] of routes.sort(([a], [b]) => a.localeCompare(b))) {
  failed = row(`route ${ROUTE.exec(key)[1]}`, { files: 1, ...size(chunk.file) }, BUDGET.route) || failed;
}
// A route whose chunk Rollup merged with a neighbour under experimentalMinChunkSize (the instance
// page, /affiliate) is a lazily loaded chunk with no source in the manifest: budgeted as a route too.
const merged = entries.filter(([, c]) => c.isDynamicEntry && !c.src);
for (const [, chunk] of merged.sort(([a], [b]) => a.localeCompare(b))) {
  failed = row(`merged lazy chunk ${chunk.file}`, { files: 1, ...size(chunk.file) }, BUDGET.route) || failed;
}

const header = ['JS (kB)', 'files', 'raw', 'gzip', 'brotli', 'gzip budget'];
const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
for (const r of [header, ...rows]) {
  console.log(r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  '));
}
console.log(`/login: ${worst} bytes gzip in the worse language (budget ${BUDGET.login})`);
if (failed) {
  console.error('bundle budget exceeded');
  process.exit(1);
}
