// The operator CLI as one ES module, built with esbuild from apps/server/src/cli/admin.ts.
//
// Our TypeScript (the server's and the workspace packages') goes into the bundle; every other package
// stays an import that Node resolves from node_modules as usual. The bundle lives under
// apps/server/node_modules/.cache so that those imports find the server's own nested packages.
// A file reading `import.meta.url` (migrations, the default catalogue, fonts) gets its own file's
// address, not the bundle's, so it finds what lies beside it.
import { readFile, rename, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const ENTRY = path.join(root, 'apps/server/src/cli/admin.ts');
const OUT_DIR = path.join(root, 'apps/server/node_modules/.cache/nimbus-cli');
const OUT = path.join(OUT_DIR, 'admin.mjs');
const META = path.join(OUT_DIR, 'inputs.json');
/** Raised when the build's options change, so that older bundles are rebuilt. */
const RECIPE = 1;

/** Whether the bundle was built from the files as they are now (same modification times). */
async function fresh() {
  let meta;
  try {
    meta = JSON.parse(await readFile(META, 'utf8'));
    await stat(OUT);
  } catch {
    return false;
  }
  if (meta.recipe !== RECIPE) return false;
  const checks = await Promise.all(
    Object.entries(meta.inputs).map(([file, mtime]) =>
      stat(path.join(root, file)).then(
        (s) => s.mtimeMs === mtime,
        () => false,
      ),
    ),
  );
  return checks.every(Boolean);
}

/** Builds the bundle; several processes may do so at once, each renames its own finished file. */
async function build() {
  const esbuild = await import('esbuild');
  const ownCode = (p) => p.startsWith('.') || p.startsWith('/') || p.startsWith('@nimbus/');
  const result = await esbuild.build({
    entryPoints: [ENTRY],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    write: false,
    metafile: true,
    logLevel: 'warning',
    absWorkingDir: root,
    plugins: [
      {
        name: 'nimbus-cli',
        setup(b) {
          b.onResolve({ filter: /.*/ }, (a) =>
            a.kind === 'entry-point' || ownCode(a.path) ? undefined : { external: true },
          );
          b.onLoad({ filter: /\.ts$/ }, async (a) => ({
            contents: (await readFile(a.path, 'utf8')).replaceAll(
              'import.meta.url',
              JSON.stringify(pathToFileURL(a.path).href),
            ),
            loader: 'ts',
          }));
        },
      },
    ],
  });
  const inputs = {};
  for (const file of Object.keys(result.metafile.inputs)) inputs[file] = (await stat(path.join(root, file))).mtimeMs;
  await mkdir(OUT_DIR, { recursive: true });
  const own = `.${process.pid}.${Date.now()}`;
  await writeFile(OUT + own, result.outputFiles[0].contents);
  await writeFile(META + own, JSON.stringify({ recipe: RECIPE, inputs }));
  await rename(OUT + own, OUT);
  await rename(META + own, META);
}

/** The bundle's path, built first when it is missing or older than its sources. */
export async function cliBundle() {
  if (!(await fresh())) await build();
  return OUT;
}
