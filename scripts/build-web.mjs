// Builds the web app unless apps/web/dist was built from exactly the current sources, so that a
// restart (`npm start`) takes seconds. The stamp is a hash of every input of the build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** What the web build reads, relative to the repository root. */
export const WEB_INPUTS = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/tsconfig.json',
  'apps/web/package.json',
  'packages/contract/src',
  'package-lock.json',
  'tsconfig.base.json',
  'scripts/precompress.mjs',
];
const SKIP = new Set(['node_modules', 'dist', '.DS_Store']);
export const STAMP = 'apps/web/dist/.build-stamp';

function* files(root, rel) {
  const full = path.join(root, rel);
  if (!existsSync(full)) return;
  if (!statSync(full).isDirectory()) {
    yield rel;
    return;
  }
  for (const name of readdirSync(full).sort()) if (!SKIP.has(name)) yield* files(root, path.join(rel, name));
}

/** A hash of the build's inputs: their paths and contents. */
export function webFingerprint(root) {
  const hash = createHash('sha256');
  for (const input of WEB_INPUTS) {
    for (const rel of files(root, input)) {
      hash.update(`${rel}\0`);
      hash.update(readFileSync(path.join(root, rel)));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

/** Whether dist holds a complete build of exactly these sources. */
export function webIsCurrent(root) {
  const stamp = path.join(root, STAMP);
  return (
    existsSync(stamp) &&
    existsSync(path.join(root, 'apps/web/dist/index.html')) &&
    readFileSync(stamp, 'utf8').trim() === webFingerprint(root)
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(import.meta.dirname, '..');
  const force = process.argv.includes('--force');
  if (!force && webIsCurrent(root)) {
    console.log('web app: apps/web/dist is up to date with its sources; not rebuilding');
    process.exit(0);
  }
  const fingerprint = webFingerprint(root);
  const r = spawnSync('npm', ['run', 'build', '-w', 'apps/web', '--silent'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(path.join(root, STAMP), `${fingerprint}\n`);
}
