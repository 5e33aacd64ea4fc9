// The web app imports Mantine's styles per component (apps/web/src/mantine.css). This checks the
// build for a component used without its styles: every Mantine class the JS uses must have its
// rules in the built CSS. Usage: node scripts/check-mantine-css.mjs [distDir]
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.resolve(process.argv[2] ?? path.join(root, 'apps/web/dist'));
const assets = path.join(dist, 'assets');
const CLASS = /\bm_[0-9a-f]{6,8}\b/g;

const classesIn = (text) => new Set(text.match(CLASS) ?? []);
const read = (file) => readFileSync(file, 'utf8');

/** Every Mantine class that has rules, and the stylesheet that holds them. */
const styled = new Map();
const stylesDir = path.join(root, 'node_modules/@mantine/core/styles');
for (const name of readdirSync(stylesDir).filter((n) => n.endsWith('.css') && !n.endsWith('.layer.css'))) {
  for (const cls of classesIn(read(path.join(stylesDir, name)))) styled.set(cls, `@mantine/core/styles/${name}`);
}
for (const cls of classesIn(read(path.join(root, 'node_modules/@mantine/notifications/styles.css')))) {
  styled.set(cls, '@mantine/notifications/styles.css');
}

const files = readdirSync(assets);
const built = new Set(
  files.filter((f) => f.endsWith('.css')).flatMap((f) => [...classesIn(read(path.join(assets, f)))]),
);
const used = new Set(files.filter((f) => f.endsWith('.js')).flatMap((f) => [...classesIn(read(path.join(assets, f)))]));

const missing = new Map();
for (const cls of used) {
  const sheet = styled.get(cls);
  if (sheet && !built.has(cls)) missing.set(sheet, [...(missing.get(sheet) ?? []), cls]);
}
if (missing.size > 0) {
  console.error('Mantine classes used by the JS without their styles; add to apps/web/src/mantine.css:');
  for (const [sheet, classes] of missing) console.error(`  ${sheet} (${classes.join(', ')})`);
  process.exit(1);
}
console.log(`Mantine styles: all ${[...used].filter((c) => styled.has(c)).length} classes the JS uses are styled`);
