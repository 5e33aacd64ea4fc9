// Writes .br and .gz beside every compressible file of a build, so the server sends them as they are.
// The .gz files are made with Zopfli: standard gzip that any client inflates, about 4 % smaller
// than zlib's level 9, for a few seconds more at build time (a browser without brotli gets them).
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompressSync, constants } from 'node:zlib';
import zopfli from '@gfx/zopfli';

const gzip = promisify(zopfli.gzip);

const root = path.resolve(process.argv[2] ?? 'dist');
const COMPRESSIBLE = /\.(js|mjs|css|html|json|svg|txt|map|webmanifest|ico)$/;

function* files(dir) {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) yield* files(full);
    else yield full;
  }
}

let count = 0;
for (const file of files(root)) {
  if (!COMPRESSIBLE.test(file) || statSync(file).size < 1024) continue;
  const data = readFileSync(file);
  writeFileSync(`${file}.br`, brotliCompressSync(data, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(`${file}.gz`, await gzip(data, { numiterations: 15 }));
  count++;
}
console.log(`precompressed ${count} files in ${path.relative(process.cwd(), root) || '.'}`);
