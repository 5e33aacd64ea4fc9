import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { Writable } from 'node:stream';
import { promisify } from 'node:util';
import type { DeployResult } from '@nimbus/contract';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { decideOnSandbox, topUpPayment } from '../../../test/payment-helpers.js';
import { ROOT } from '../../../test/processes.js';
import { buildApp } from '../../app.js';
import { loadConfig } from '../config/env.js';
import { Lifecycle } from '../lib/lifecycle.js';
import { Metrics } from './metrics.js';
import { startMetricsServer, type MetricsServer } from './server.js';

const TOKEN = 'scrape-token-0123456789abcdef';
const ALERTS = path.join(ROOT, 'docs/prometheus/alerts.yml');

/** The app's log lines, as an operator's log shipper would read them. */
const lines: Record<string, unknown>[] = [];
const logSink = new Writable({
  write(chunk: Buffer, _enc, done) {
    for (const line of chunk.toString().split('\n')) if (line) lines.push(JSON.parse(line) as Record<string, unknown>);
    done();
  },
});

let h: Harness;
let base: string;
let side: MetricsServer;
beforeAll(async () => {
  h = await startHarness(
    {
      METRICS_TOKEN: TOKEN,
      TRUST_PROXY: '1',
      AUTH_RATE_LIMIT_SCALE: '50',
      LOG_LEVEL: 'info',
      PAYMENT_GATEWAYS: 'sandbox',
    },
    { compute: {}, log: logSink },
  );
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
  // What main.ts starts with METRICS_PORT, on the same process's metrics.
  side = await startMetricsServer(h.ctx.metrics, { host: '127.0.0.1', port: 0, token: TOKEN, log: h.ctx.log });
});
afterAll(async () => {
  await side?.close();
  await h?.close();
});

/** A scrape as Prometheus does it, parsed into `name{labels}` → value. */
async function scrape(url = `${base}/metrics`): Promise<Map<string, number>> {
  const res = await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  const series = new Map<string, number>();
  for (const line of (await res.text()).split('\n')) {
    const m = /^([a-zA-Z_:][\w:]*(?:\{.*\})?) (\S+)$/.exec(line);
    if (m) series.set(m[1]!, Number(m[2]));
  }
  return series;
}

const value = (s: Map<string, number>, key: string) => s.get(key) ?? 0;
/** Series of a family whose labels include all of `labels` (in any order). */
const sumOf = (s: Map<string, number>, name: string, labels: Record<string, string>) =>
  [...s]
    .filter(([k]) => k.startsWith(`${name}{`) && Object.entries(labels).every(([l, v]) => k.includes(`${l}="${v}"`)))
    .reduce((n, [, v]) => n + v, 0);

describe('GET /metrics', () => {
  it('answers only to the bearer token, on the API port and on the metrics port', async () => {
    for (const url of [`${base}/metrics`, `http://127.0.0.1:${side.port}/metrics`]) {
      const none = await fetch(url);
      expect(none.status).toBe(401);
      const wrong = await fetch(url, { headers: { authorization: 'Bearer not-the-token-at-all-000' } });
      expect(wrong.status).toBe(401);
      expect(await wrong.text()).not.toContain('nimbus_');
    }
    const api = await fetch(`${base}/metrics`);
    expect(((await api.json()) as { code: string }).code).toBe('need_login');
    const both = [await scrape(), await scrape(`http://127.0.0.1:${side.port}/metrics`)];
    for (const s of both) expect(s.has('process_resident_memory_bytes')).toBe(true);
  });

  it('moves with a deploy, a payment and a console; the deploy’s request id reaches its task’s log lines', async () => {
    const before = await scrape();
    const u = await signUp(h);
    await topUp(h, u.userId, 10_000);
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    // Through a proxy that names its requests (TRUST_PROXY is set).
    const res = await fetch(`${base}/api/deploy`, {
      method: 'POST',
      headers: { ssid: u.ssid, 'content-type': 'application/json', 'x-request-id': 'lb-7f3a9c.1' },
      body: JSON.stringify(deployBody(product.Id, templates[0]!.Id)),
    });
    expect(res.status).toBe(200);
    const d = ((await res.json()) as { data: DeployResult }).data;
    expect(await waitTask(h, u.ssid, d)).toEqual({ Status: 2, Step: 4 });
    const payment = await topUpPayment(h, u.ssid, 2500);
    await decideOnSandbox(h, payment, 'approve');
    const ticket = await call<{ Ticket: string }>(h, 'POST', '/api/instance/xterm', {
      ssid: u.ssid,
      body: { id: d.InstanceId },
    });
    const ws = new WebSocket(
      `${base.replace('http', 'ws')}/api/instance/xterm/ws?id=${d.InstanceId}&ticket=${ticket.body.data.Ticket}`,
      ['binary'],
    );
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    // The socket is counted once the server has it.
    let during = await scrape();
    for (let i = 0; i < 100 && value(during, 'nimbus_console_sessions_open') < 1; i++) during = await scrape();
    ws.close();

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      sumOf(after, name, labels) - sumOf(before, name, labels);
    // Requests by route pattern and status: the sandbox page by /pay/sandbox/:id, never its URL.
    expect(
      moved('nimbus_http_request_duration_seconds_count', { method: 'POST', route: '/api/deploy', status: '200' }),
    ).toBe(1);
    expect(moved('nimbus_http_request_duration_seconds_count', { route: '/pay/sandbox/:id' })).toBe(2);
    expect([...after.keys()].some((k) => k.includes(`/pay/sandbox/${payment.Id}`))).toBe(false);
    expect(
      moved('nimbus_http_request_duration_seconds_bucket', { route: '/api/deploy', status: '200', le: '+Inf' }),
    ).toBe(1);
    // The deploy's task and its Proxmox calls on the Hong Kong cluster.
    expect(moved('nimbus_task_runs_total', { kind: 'deploy', outcome: 'ok' })).toBe(1);
    expect(moved('nimbus_proxmox_call_duration_seconds_count', { method: 'POST', outcome: 'ok' })).toBeGreaterThan(0);
    expect([...after.keys()].some((k) => /nimbus_proxmox_call_duration_seconds_count\{cluster="hk\//.test(k))).toBe(
      true,
    );
    // The money credited, the console that was open, the queues and the pool.
    expect(moved('nimbus_payments_credited_total', { currency: 'USD' })).toBe(1);
    expect(moved('nimbus_payments_credited_minor_units_total', { currency: 'USD' })).toBe(2500);
    expect(value(during, 'nimbus_console_sessions_open')).toBe(1);
    expect(after.get('nimbus_job_queue_waiting{queue="instance-task"}')).toBeGreaterThanOrEqual(0);
    expect(after.get('nimbus_job_queue_oldest_waiting_seconds{queue="instance-task"}')).toBeGreaterThanOrEqual(0);
    expect([...after.keys()].filter((k) => k.includes('queue="__pgboss__'))).toEqual([]);
    expect(value(after, 'nimbus_db_pool_connections{state="total"}')).toBeGreaterThan(0);
    expect(after.has('nimbus_db_pool_connections{state="waiting"}')).toBe(true);
    expect(value(after, 'nimbus_metrics_read_failures')).toBe(0);
    // Every series the example alerts use exists.
    const used = new Set(readFileSync(ALERTS, 'utf8').match(/nimbus_[a-z_]+/g));
    const families = new Set([...after.keys()].map((k) => k.replace(/\{.*$/, '').replace(/_(bucket|count|sum)$/, '')));
    expect([...used].filter((n) => !families.has(n.replace(/_(bucket|count|sum)$/, '')))).toEqual([]);

    // The request's id is the proxy's; it went with the task it started, and into the worker's lines for it.
    const incoming = lines.find((l) => (l.req as { url?: string } | undefined)?.url === '/api/deploy');
    expect(incoming?.reqId).toBe('lb-7f3a9c.1');
    const task = await h.db.query<{ request_id: string }>('select request_id from tasks where id = $1', [d.TaskId]);
    expect(task.rows[0]!.request_id).toBe('lb-7f3a9c.1');
    const worker = lines.filter((l) => l.taskId === d.TaskId && String(l.msg).startsWith('task run'));
    expect(worker.map((l) => [l.msg, l.reqId])).toEqual([
      ['task run started', 'lb-7f3a9c.1'],
      ['task run ended', 'lb-7f3a9c.1'],
    ]);
  });
});

describe('request ids', () => {
  it('an unsafe incoming id is replaced by one of ours', async () => {
    const given = ['has spaces in it', 'x'.repeat(65), 'a"b<c>'];
    for (const [i, id] of given.entries())
      await fetch(`${base}/api/health?probe=${i}`, { headers: { 'x-request-id': id } });
    const ids = given.map(
      (_, i) => lines.find((l) => (l.req as { url?: string } | undefined)?.url === `/api/health?probe=${i}`)?.reqId,
    );
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });
});

describe('the example alert rules', () => {
  it('pass promtool', async () => {
    // scripts/ensure-promtool.sh installs it from Debian's prometheus package (npm test runs it first).
    const { stdout } = await promisify(execFile)('promtool', ['check', 'rules', ALERTS]);
    expect(stdout).toMatch(/SUCCESS: \d+ rules found/);
  });
});

describe('without METRICS_TOKEN, and while draining', () => {
  // Another process on the same database, started without the token.
  let plain: Harness;
  beforeAll(async () => {
    const env = { ...h.env };
    delete env.METRICS_TOKEN;
    const ctx = { ...h.ctx, config: loadConfig(env), metrics: new Metrics(), lifecycle: new Lifecycle() };
    plain = { ...h, ctx, app: await buildApp(ctx) };
  });
  afterAll(() => plain?.app.close());

  it('serves no metrics on the API port; readiness answers 503 while draining, liveness 200', async () => {
    const metrics = await plain.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(404);
    expect(metrics.body).not.toContain('nimbus_');
    const ready = () => call<{ status: string }>(plain, 'GET', '/api/health/ready');
    expect(await ready()).toMatchObject({ status: 200, body: { data: { status: 'ok' } } });
    // What SIGTERM does first (main.ts), for SHUTDOWN_DRAIN_SECONDS before the server closes.
    plain.ctx.lifecycle.drain();
    expect(await ready()).toMatchObject({ status: 503, body: { data: { status: 'draining' } } });
    expect(await call(plain, 'GET', '/api/health/live')).toMatchObject({
      status: 200,
      body: { data: { status: 'ok' } },
    });
    expect((await call(plain, 'GET', '/api/health')).status).toBe(200);
  });
});
