// Runs every check and test of the project and ends with one line: "tests: N passed, N failed".
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { bundle } from './bundle.mjs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const tmp = path.join(root, '.tmp');
mkdirSync(tmp, { recursive: true });
const results = [];

function run(name, cmd, args, opts = {}) {
  console.log(`\n▶ ${name}: ${cmd} ${args.join(' ')}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...opts.env } });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`◀ ${name}: exit ${r.status} in ${seconds}s`);
  return r.status === 0;
}

/** A check with no test count of its own counts as one test. */
function recordCheck(name, ok) {
  results.push({ name, passed: ok ? 1 : 0, failed: ok ? 0 : 1 });
}

function check(name, cmd, args) {
  recordCheck(name, run(name, cmd, args));
}

/** Terminal colour codes, left out of what is repeated. */
// eslint-disable-next-line no-control-regex
const ANSI = /\x1b\[[0-9;]*m/g;

/** Failed tests by name with their first message line, and Vitest's errors from outside any test. */
function vitestFailures(report, logFile) {
  const lines = [];
  for (const file of report?.testResults ?? [])
    for (const t of file.assertionResults ?? [])
      if (t.status === 'failed')
        lines.push(`${path.relative(root, file.name)} › ${t.fullName}: ${headLines(t.failureMessages?.[0])}`);
  for (const file of report?.testResults ?? [])
    if (file.status === 'failed' && !(file.assertionResults ?? []).some((t) => t.status === 'failed'))
      lines.push(`${path.relative(root, file.name)}: ${firstLine(file.message)}`);
  let log = '';
  try {
    log = readFileSync(logFile, 'utf8');
  } catch {
    /* no log: nothing more to show */
  }
  const plain = log.replace(ANSI, '');
  const start = plain.search(/⎯+ Unhandled (Error|Rejection)/);
  if (start >= 0) lines.push(...plain.slice(start).split('\n').slice(0, 40));
  return lines;
}

function playwrightFailures(report) {
  const lines = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? [])
      for (const t of spec.tests ?? [])
        if (t.status === 'unexpected') {
          const error = t.results?.at(-1)?.error?.message;
          lines.push(`${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]: ${firstLine(error)}`);
        }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return lines;
}

/**
 * The first lines of a failure message, joined: a child process's error puts the cause on a later
 * line than the first (a server that "exited with 1" after a warning line, say).
 */
function headLines(text, count = 3) {
  const lines = String(text ?? '')
    .replace(ANSI, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
  return lines
    .slice(0, count)
    .map((line) => line.slice(0, 300))
    .join(' ⏎ ');
}

function firstLine(text) {
  return String(text ?? '')
    .replace(ANSI, '')
    .trim()
    .split('\n')[0]
    .slice(0, 300);
}

function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return null;
  }
}

const npx = (bin, ...args) => ['node', [path.join(root, 'node_modules', '.bin', bin), ...args]];

check('browser', 'bash', ['scripts/ensure-browser.sh']);
check('promtool', 'bash', ['scripts/ensure-promtool.sh']);
/**
 * Checks that each use one core and share nothing, run side by side (on two cores they take the
 * time of the type check alone); each one's output is printed whole when it ends. Answers whether
 * each passed, by name.
 */
async function checksSideBySide(checks) {
  const started = Date.now();
  console.log(`\n▶ ${checks.map((c) => c[0]).join(', ')}, side by side`);
  const outcomes = await Promise.all(
    checks.map(
      ([name, cmd, args]) =>
        new Promise((resolve) => {
          const child = spawn(cmd, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
          const out = [];
          child.stdout.on('data', (c) => out.push(c));
          child.stderr.on('data', (c) => out.push(c));
          child.on('error', (e) => out.push(Buffer.from(`${String(e)}\n`)));
          child.on('close', (code) => {
            const seconds = ((Date.now() - started) / 1000).toFixed(1);
            process.stdout.write(`\n▶ ${name}: ${cmd} ${args.join(' ')}\n${Buffer.concat(out).toString()}`);
            console.log(`◀ ${name}: exit ${code} in ${seconds}s`);
            resolve({ name, ok: code === 0 });
          });
        }),
    ),
  );
  for (const { name, ok } of outcomes) recordCheck(name, ok);
  return Object.fromEntries(outcomes.map(({ name, ok }) => [name, ok]));
}

// The web build joins them: the end-to-end tests need it only at the end, and it fills the core the
// others leave idle while the type check runs alone (about 30 s of a full run).
const { 'web build': built } = await checksSideBySide([
  ['lint', ...npx('eslint', '.', '--max-warnings', '0')],
  ['format', ...npx('prettier', '--check', '.')],
  ['typecheck', ...npx('tsc', '-b')],
  ['boundaries', 'node', ['scripts/check-boundaries.mjs']],
  ['web build', 'node', ['scripts/build-web.mjs']],
]);
// Two API and two worker replicas behind HAProxy under a customer load while replicas are killed:
// nothing lost, doubled or miscounted (bench/proof, the short run; ~90 s).
check('proof at scale', 'node', ['--import', 'tsx', 'bench/proof/main.ts', '--quick']);

/**
 * Runs Vitest with `node` (a path or the machine's) and answers its counts. The output goes to a
 * file, printed whole when the run ends (two runs go side by side); what failed is repeated below
 * the summary, since CI keeps only the end of the log, including errors Vitest caught outside any
 * test (they fail the run with every test passed). `slot` gives the run ports of its own
 * (apps/server/test/processes.ts).
 */
function vitest(name, node, slot) {
  const slug = name.replace(/\W+/g, '-');
  const json = path.join(tmp, `${slug}.json`);
  const log = path.join(tmp, `${slug}.log`);
  rmSync(json, { force: true });
  const args = [
    'node_modules/.bin/vitest',
    'run',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${json}`,
  ];
  console.log(`\n▶ ${name}: ${node} ${args.join(' ')} (output: ${path.relative(root, log)})`);
  const started = Date.now();
  const out = openSync(log, 'w');
  return new Promise((resolve) => {
    const child = spawn(node, args, {
      cwd: root,
      stdio: ['ignore', out, out],
      env: { ...process.env, TEST_PORT_SLOT: String(slot) },
    });
    const done = (code) => {
      closeSync(out);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      process.stdout.write(`\n▶ ${name}\n${readFileSync(log, 'utf8')}`);
      console.log(`◀ ${name}: exit ${code} in ${seconds}s`);
      const ok = code === 0;
      const v = readJson(json);
      resolve({
        name,
        passed: v?.numPassedTests ?? 0,
        failed: v ? v.numFailedTests + (ok || v.numFailedTests ? 0 : 1) : 1,
        failures: ok ? [] : vitestFailures(v, log),
      });
    };
    child.on('error', (e) => {
      writeSync(out, `${String(e)}\n`);
      done(null);
    });
    child.on('close', done);
  });
}

// Node 24 is the documented runtime (README); the machine's Node runs everything else. Every Vitest
// suite (unit, compute, server) runs on both, side by side: each run keeps one core busy on average
// (its files mostly wait on PostgreSQL, emulated Proxmox and child processes), so the two together
// take about 6.5 minutes where one after the other took 11 (docs/benchmarks.md). Node 24 is the
// binary the npm registry publishes (scripts/ensure-node24.sh). Both bundles are built first, once,
// rather than by both runs' global setups at the same time.
const bundled = await Promise.all([bundle('server'), bundle('admin')]).then(
  () => true,
  (e) => (console.log(e), false),
);
recordCheck('server bundles', bundled);
const node24 = spawnSync('bash', ['scripts/ensure-node24.sh'], { cwd: root, encoding: 'utf8' });
const vitestRuns = [vitest('vitest', 'node', 0)];
if (node24.status !== 0) {
  console.log(node24.stderr);
  results.push({ name: 'vitest on Node 24', passed: 0, failed: 1, failures: [node24.stderr.trim()] });
} else vitestRuns.push(vitest('vitest on Node 24', node24.stdout.trim(), 1));
results.push(...(await Promise.all(vitestRuns)));

if (built) {
  check('bundle budget', 'node', ['scripts/check-bundle.mjs']);
  check('mantine styles', 'node', ['scripts/check-mantine-css.mjs']);
  const pwJson = path.join(tmp, 'playwright.json');
  rmSync(pwJson, { force: true });
  const pwOk = run('end-to-end tests', ...npx('playwright', 'test', '-c', 'apps/web/playwright.config.ts'), {
    env: { PLAYWRIGHT_JSON_OUTPUT_NAME: pwJson },
  });
  const p = readJson(pwJson);
  const passed = (p?.stats?.expected ?? 0) + (p?.stats?.flaky ?? 0);
  const failed = p ? p.stats.unexpected + (pwOk || p.stats.unexpected ? 0 : 1) : 1;
  results.push({ name: 'playwright', passed, failed, failures: pwOk ? [] : playwrightFailures(p) });
}

const passed = results.reduce((n, r) => n + r.passed, 0);
const failed = results.reduce((n, r) => n + r.failed, 0);
console.log('');
for (const r of results) {
  console.log(`  ${r.failed ? '✗' : '✓'} ${r.name}: ${r.passed} passed, ${r.failed} failed`);
  for (const line of r.failures ?? []) console.log(`      ${line}`);
}
console.log(`tests: ${passed} passed, ${failed} failed`);
process.exit(failed ? 1 : 0);
