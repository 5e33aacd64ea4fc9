import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';

function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(
    path.join(dir, 'index.html'),
    '<!doctype html><meta name="application-name" content="__BRAND_NAME__"><title>__BRAND_NAME__</title>',
  );
  const js = 'console.log("app");'.repeat(100);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js'), js);
  writeFileSync(path.join(dir, 'assets', 'app-abc123.js.br'), brotliCompressSync(js));
  return dir;
}

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ WEB_DIST: fakeDist(), BRAND_NAME: 'Acme <Cloud>', RATE_LIMIT_PER_MINUTE: '40' });
});
afterAll(() => h.close());

describe('health and errors', () => {
  it('answers health when the database is reachable', async () => {
    const r = await call(h, 'GET', '/api/health');
    expect([r.status, r.body.data]).toEqual([200, { status: 'ok' }]);
  });

  it('answers unknown API paths with the error envelope and a code of the catalogue', async () => {
    const r = await call(h, 'GET', '/api/nothing-here');
    expect(r.status).toBe(404);
    expect(r.body).toEqual({ code: 'db_no_record', message: 'Not found.', data: null });
  });

  it('answers malformed JSON with parse_data_error, never a 500', async () => {
    const res = await h.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: '{"Email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('parse_data_error');
  });

  it('sends the security headers, including a strict Content-Security-Policy', async () => {
    const res = await h.app.inject({ method: 'GET', url: '/login' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('sends API answers the headers of a JSON API: nothing loaded, framed, sniffed or read cross-origin', async () => {
    for (const url of ['/api/health', '/api/session', '/api/nope']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.headers['content-type']).toMatch(/application\/json/);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
  });
});

describe('the single-page app', () => {
  it('serves index.html for app routes with the brand filled in and escaped', async () => {
    for (const url of ['/', '/dashboard', '/instances/12/vnc', '/login?redirect=%2Fme']) {
      const res = await h.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<title>Acme &lt;Cloud&gt;</title>');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('serves precompressed assets with a long cache lifetime', async () => {
    const res = await h.app.inject({
      method: 'GET',
      url: '/assets/app-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toContain('immutable');
  });

  it('does not serve the raw index.html template, and 404s missing files', async () => {
    expect((await h.app.inject({ method: 'GET', url: '/index.html' })).body).not.toContain('__BRAND_NAME__');
    expect((await h.app.inject({ method: 'GET', url: '/assets/missing.js' })).statusCode).toBe(404);
  });
});

describe('API rate limit', () => {
  it('answers 429 rate_limit_exceeded past the per-minute budget', async () => {
    let last = await call(h, 'GET', '/api/session', { ip: '198.51.100.7' });
    for (let i = 0; i < 40 && last.status !== 429; i++)
      last = await call(h, 'GET', '/api/session', { ip: '198.51.100.7' });
    expect(last.status).toBe(429);
    expect(last.body.code).toBe('rate_limit_exceeded');
    const wait = Number(last.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await call(h, 'GET', '/api/session', { ip: '198.51.100.8' })).status).toBe(401);
  });
});
