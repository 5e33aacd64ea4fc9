// Checks module boundaries: the rules of .dependency-cruiser.cjs (infra never imports a domain, a
// domain reaches another only through its index.ts, no import cycles), then that the server's
// domain folders import each other without a cycle, which file-level rules cannot see. Exits 1 on
// any violation, printing it.
import path from 'node:path';
import { cruise } from 'dependency-cruiser';
import extractDepcruiseOptions from 'dependency-cruiser/config-utl/extract-depcruise-options';
import extractTSConfig from 'dependency-cruiser/config-utl/extract-ts-config';

const root = path.resolve(import.meta.dirname, '..');
process.chdir(root);

const SCOPE = ['apps/server/src', 'apps/server/test', 'apps/web/src', 'packages'];
const DOMAIN = /^apps\/server\/src\/domains\/([^/]+)\//;

const options = await extractDepcruiseOptions(path.join(root, '.dependency-cruiser.cjs'));
const tsConfig = options.tsConfig?.fileName ? extractTSConfig(options.tsConfig.fileName) : undefined;
const { output } = await cruise(SCOPE, { ...options, outputType: 'json' }, {}, { tsConfig });
const result = typeof output === 'string' ? JSON.parse(output) : output;

let failed = false;
for (const v of result.summary.violations) {
  failed = true;
  const via = v.cycle?.length ? `\n    via ${v.cycle.map((c) => c.name ?? c).join(' → ')}` : '';
  console.error(`✗ ${v.rule.name}: ${v.from} → ${v.to}${via}`);
}

// The domain folder graph: an edge A → B when a file of domain A imports one of domain B.
const edges = new Map();
for (const m of result.modules) {
  const from = DOMAIN.exec(m.source)?.[1];
  if (!from) continue;
  for (const d of m.dependencies) {
    const to = DOMAIN.exec(d.resolved)?.[1];
    if (!to || to === from) continue;
    if (!edges.has(from)) edges.set(from, new Map());
    // One importing file per edge, to say where a cycle comes from.
    if (!edges.get(from).has(to)) edges.get(from).set(to, `${m.source} → ${d.resolved}`);
  }
}

// Depth-first search; a grey node reached again closes a cycle.
const state = new Map();
const stack = [];
const cycles = [];
function visit(node) {
  state.set(node, 'grey');
  stack.push(node);
  for (const next of [...(edges.get(node)?.keys() ?? [])].sort()) {
    if (state.get(next) === 'grey') cycles.push(stack.slice(stack.indexOf(next)).concat(next));
    else if (!state.has(next)) visit(next);
  }
  stack.pop();
  state.set(node, 'black');
}
for (const node of [...edges.keys()].sort()) if (!state.has(node)) visit(node);

for (const cycle of cycles) {
  failed = true;
  console.error(`✗ domain folder cycle: ${cycle.join(' → ')}`);
  for (let i = 0; i < cycle.length - 1; i++) console.error(`    ${edges.get(cycle[i]).get(cycle[i + 1])}`);
}

const domains = new Set(result.modules.map((m) => DOMAIN.exec(m.source)?.[1]).filter(Boolean));
if (failed) process.exit(1);
console.log(
  `boundaries: ${result.summary.totalCruised} modules, ${result.summary.totalDependenciesCruised} imports, ` +
    `${domains.size} domain folders without a cycle`,
);
