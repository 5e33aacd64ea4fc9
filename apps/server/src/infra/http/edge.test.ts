import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DeployResult } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { hasLoneSurrogate } from './unicode.js';

// Answers and input at the edge, over real HTTP: no answer of the API may be kept by a
// shared cache, and text that is not valid Unicode is refused before any route sees it.

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>__BRAND_NAME__</title>');
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), 'console.log("app");');
  return dir;
}

async function listen(h: Harness): Promise<string> {
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
}

/** Sends a raw JSON text, as an attacker would: `\ud800` stays a JSON escape until the server parses it. */
async function postRaw(base: string, url: string, json: string, ssid?: string) {
  const res = await fetch(`${base}${url}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(ssid ? { ssid } : {}) },
    body: json,
  });
  return { status: res.status, body: (await res.json()) as { code?: string } };
}

describe('the edge of the API', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({ WEB_DIST: fakeDist(), AUTH_RATE_LIMIT_SCALE: '50' });
    base = await listen(h);
  });
  afterAll(() => h.close());

  it('marks every API answer Cache-Control: no-store, while pages and assets keep their caching', async () => {
    const u = await signUp(h);
    const answers = [
      await fetch(`${base}/api/health`),
      await fetch(`${base}/api/session`, { headers: { ssid: u.ssid } }),
      await fetch(`${base}/api/tickets`, { headers: { ssid: u.ssid } }),
      await fetch(`${base}/api/session`),
      await fetch(`${base}/api/nothing-here`),
      await fetch(`${base}/api/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
      await fetch(`${base}/api/openapi.json`),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 401, 404, 400, 200]);
    for (const r of answers) expect([r.url, r.headers.get('cache-control')]).toEqual([r.url, 'no-store']);

    const asset = await fetch(`${base}/assets/app-abc123.js`);
    expect([asset.status, asset.headers.get('cache-control')]).toEqual([200, 'public, max-age=31536000, immutable']);
    const page = await fetch(`${base}/billing`);
    expect([page.status, page.headers.get('cache-control')]).toEqual([200, 'no-cache']);
  });

  it('answers a URL the router cannot take in the error envelope, with the security headers', async () => {
    // Fastify answers a URL that does not decode itself, before any hook: its default body echoed
    // the URL, and the answer carried none of the headers every other answer has. A path parameter
    // over the router's length (414 without a web build) falls to the pages' catch-all here.
    const invalid = { code: 'parse_data_error', message: 'The request is invalid.', data: null };
    for (const [url, status, body] of [
      ['/api/oauth/callback/%E0%A4%A', 400, invalid],
      ['/pay/sandbox/%E0%A4%A', 400, invalid],
      ['/api/ticket%ZZ', 400, invalid],
      [`/api/oauth/callback/${'a'.repeat(1000)}`, 404, { code: 'db_no_record', message: 'Not found.', data: null }],
    ] as const) {
      const r = await fetch(`${base}${url}`, { redirect: 'manual' });
      expect([url, r.status, await r.json()]).toEqual([url, status, body]);
      expect([url, r.headers.get('x-content-type-options')]).toEqual([url, 'nosniff']);
    }
    expect((await fetch(`${base}/api/health`)).status).toBe(200);
  });

  it('refuses a lone surrogate in a JSON value or key with 400 parse_data_error, on any route', async () => {
    const long = `${'x'.repeat(40)}\\ud800${'y'.repeat(40)}`;
    for (const [url, json] of [
      ['/api/login', `{"Email":"a@example.com","Password":"${long}","AgreeTerms":true}`],
      ['/api/register/code', `{"Email":"a\\udfff@example.com"}`],
      ['/api/login', `{"Email":"a@example.com","Password":"pw-12345678","AgreeTerms":true,"\\udc00":1}`],
      ['/api/login', `{"Email":"a@example.com","Password":["a",{"b":"\\ud83d"}],"AgreeTerms":true}`],
    ] as const) {
      const r = await postRaw(base, url, json);
      expect([url, json, r.status, r.body.code]).toEqual([url, json, 400, 'parse_data_error']);
    }
    // A well-formed pair (an emoji written as two escapes) is text like any other.
    const emoji = await postRaw(
      base,
      '/api/login',
      '{"Email":"nobody@example.com","Password":"pw-\\ud83d\\ude00-pw","AgreeTerms":true}',
    );
    expect([emoji.status, emoji.body.code]).toEqual([400, 'wrong_password']);
  });

  it('judges values and keys at any depth without overflowing the stack', () => {
    let deep: unknown = '\ud800';
    for (let i = 0; i < 200_000; i++) deep = [deep];
    expect(hasLoneSurrogate(deep)).toBe(true);
    expect(hasLoneSurrogate({ a: ['ok', { b: 'ok \ud83d\ude00' }] })).toBe(false);
    expect(hasLoneSurrogate(Object.assign(Object.create(null) as object, { ['k\udc00']: 'v' }))).toBe(true);
  });
});

describe('POST api/instance/password with a lone surrogate', () => {
  let h: Harness;
  let base: string;
  beforeAll(async () => {
    h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
    base = await listen(h);
  });
  afterAll(() => h.close());

  it('answers 400 parse_data_error, not a 500 from the task repository, and starts no task', async () => {
    const u = await signUp(h);
    await topUp(h, u.userId, 100_000);
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const d = await call<DeployResult>(h, 'POST', '/api/deploy', {
      ssid: u.ssid,
      body: deployBody(product.Id, templates[0]!.Id, { Hostnames: ['surrogate-1'] }),
    });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
    expect(await waitTask(h, u.ssid, d.body.data)).toEqual({ Status: 2, Step: 4 });
    const tasksBefore = await h.db.query('select id from tasks');

    const r = await postRaw(
      base,
      '/api/instance/password',
      `{"Id":${d.body.data.InstanceId},"Password":"Str0ng-${'p'.repeat(30)}\\ud800-${'q'.repeat(30)}"}`,
      u.ssid,
    );
    expect([r.status, r.body.code]).toEqual([400, 'parse_data_error']);
    expect((await h.db.query('select id from tasks')).rows).toEqual(tasksBefore.rows);
  });
});
