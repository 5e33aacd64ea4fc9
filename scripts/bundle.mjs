// The server's two entry points, each as one ES module built with esbuild: the console
// (apps/server/src/main.ts, `npm run serve`) and the operator CLI (apps/server/src/cli/admin.ts,
// `npm run admin`).
//
// Our TypeScript (the server's and the workspace packages') goes into a bundle; every other package
// stays an import that Node resolves from node_modules as usual. Bundles live under
// apps/server/node_modules/.cache so that those imports find the server's own nested packages.
// A file reading `import.meta.url` (migrations, the default catalogue, fonts) gets its own file's
// address, not the bundle's, so it finds what lies beside it.
import { readFile, rename, stat, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

const root = path.resolve(import.meta.dirname, '..');
const ENTRIES = {
  server: 'apps/server/src/main.ts',
  admin: 'apps/server/src/cli/admin.ts',
};
const OUT_DIR = path.join(root, 'apps/server/node_modules/.cache/nimbus-bundles');
/** Raised when the build's options change, so that older bundles are rebuilt. */
const RECIPE = 1;

const files = (name) => ({ out: path.join(OUT_DIR, `${name}.mjs`), meta: path.join(OUT_DIR, `${name}.inputs.json`) });

/** Whether the bundle was built from the files as they are now (same modification times). */
async function fresh(name) {
  const { out, meta: metaFile } = files(name);
  let meta;
  try {
    meta = JSON.parse(await readFile(metaFile, 'utf8'));
    await stat(out);
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

/** Builds one bundle; several processes may do so at once, each renames its own finished file. */
async function build(name) {
  const esbuild = await import('esbuild');
  const ownCode = (p) => p.startsWith('.') || p.startsWith('/') || p.startsWith('@nimbus/');
  const result = await esbuild.build({
    entryPoints: [path.join(root, ENTRIES[name])],
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
        name: 'nimbus-server',
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
  const { out, meta } = files(name);
  await mkdir(OUT_DIR, { recursive: true });
  const own = `.${process.pid}.${Date.now()}`;
  await writeFile(out + own, result.outputFiles[0].contents);
  await writeFile(meta + own, JSON.stringify({ recipe: RECIPE, inputs }));
  await rename(out + own, out);
  await rename(meta + own, meta);
}

/** The path of bundle `name` ('server' or 'admin'), built first when missing or older than its sources. */
export async function bundle(name) {
  if (!ENTRIES[name]) throw new Error(`no bundle named ${name}`);
  if (!(await fresh(name))) await build(name);
  return files(name).out;
}

/** Runs bundle `name` in this process. */
export async function run(name) {
  await import(pathToFileURL(await bundle(name)).href);
}
