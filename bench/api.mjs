// API load benchmark: starts the real server on a fresh embedded database (127.0.0.1 only), then
// drives it with a fixed number of concurrent clients for a fixed time per scenario.
// Usage: node bench/api.mjs [seconds=10] [concurrency=32]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';

const seconds = Number(process.argv[2] ?? 10);
const concurrency = Number(process.argv[3] ?? 32);
const port = 18990;
const base = `http://127.0.0.1:${port}`;
const root = path.resolve(import.meta.dirname, '..');
const dataDir = mkdtempSync(path.join(tmpdir(), 'nimbus-bench-'));

const server = spawn(process.execPath, ['scripts/serve.mjs'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    AUTH_RATE_LIMIT_SCALE: '1000',
    DEMO_ACCOUNT: 'false',
  },
  stdio: ['ignore', 'pipe', 'inherit'],
});
await new Promise((resolve, reject) => {
  server.stdout.on('data', (d) => d.toString().includes('is running at') && resolve());
  server.on('exit', (c) => reject(new Error(`server exited ${c}`)));
});

const admin = spawn(
  process.execPath,
  ['scripts/admin.mjs', 'user:create', '--email', 'bench@example.com', '--password', 'bench-password'],
  {
    cwd: root,
    env: { ...process.env, DATA_DIR: dataDir },
    stdio: 'ignore',
  },
);
await new Promise((r) => admin.on('exit', r));

const login = () =>
  fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ Email: 'bench@example.com', Password: 'bench-password', AgreeTerms: true }),
  });
const { data: session } = await (await login()).json();

async function scenario(name, request, secs = seconds) {
  const latencies = [];
  let errors = 0;
  const end = performance.now() + secs * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        const res = await request();
        await res.arrayBuffer();
        if (!res.ok) errors++;
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((a, b) => a - b);
  const q = (p) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  const row = {
    name,
    requests: latencies.length,
    rps: Math.round(latencies.length / secs),
    p50: q(0.5),
    p99: q(0.99),
    errors,
  };
  console.log(`| ${row.name} | ${row.rps} | ${row.p50} ms | ${row.p99} ms | ${row.errors} |`);
  return row;
}

console.log(`\n${concurrency} concurrent clients, ${seconds}s per scenario, one server process\n`);
console.log('| scenario | requests/s | p50 | p99 | errors |');
console.log('| --- | --- | --- | --- | --- |');
await scenario('GET /api/health', () => fetch(`${base}/api/health`));
await scenario('GET /api/session', () => fetch(`${base}/api/session`, { headers: { ssid: session.session_id } }));
await scenario('GET /dashboard (SPA index)', () => fetch(`${base}/dashboard`));
await scenario('POST /api/login (argon2id)', login);

server.kill('SIGTERM');
await new Promise((r) => server.on('exit', r));
rmSync(dataDir, { recursive: true, force: true });
