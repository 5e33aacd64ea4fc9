import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { STAMP, webFingerprint, webIsCurrent } from './build-web.mjs';

let root;
afterEach(() => rmSync(root, { recursive: true, force: true }));

function write(rel, text) {
  mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
  writeFileSync(path.join(root, rel), text);
}

describe('npm start skips the web build when dist is current', () => {
  it('rebuilds only after a source, dependency or config change', () => {
    root = mkdtempSync(path.join(tmpdir(), 'nimbus-web-'));
    write('apps/web/src/main.tsx', 'render()');
    write('packages/contract/src/index.ts', 'export {}');
    write('package-lock.json', '{}');
    expect(webIsCurrent(root)).toBe(false);

    write('apps/web/dist/index.html', '<!doctype html>');
    write(STAMP, webFingerprint(root));
    expect(webIsCurrent(root)).toBe(true);
    // Output of other tools inside the inputs does not count.
    write('apps/web/src/node_modules/x.js', 'x');
    expect(webIsCurrent(root)).toBe(true);

    for (const [rel, text] of [
      ['apps/web/src/main.tsx', 'render(2)'],
      ['apps/web/src/routes/new.tsx', 'route'],
      ['packages/contract/src/index.ts', 'export const a = 1'],
      ['package-lock.json', '{"v":2}'],
      ['apps/web/vite.config.ts', 'export default {}'],
    ]) {
      write(rel, text);
      expect(webIsCurrent(root), rel).toBe(false);
      write(STAMP, webFingerprint(root));
      expect(webIsCurrent(root)).toBe(true);
    }
    rmSync(path.join(root, 'apps/web/dist/index.html'));
    expect(webIsCurrent(root)).toBe(false);
  });
});
