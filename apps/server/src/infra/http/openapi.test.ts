import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { DOCS_PREFIX, OPENAPI_PATH } from './openapi.js';

interface Operation {
  requestBody?: { content: Record<string, { schema?: unknown }> };
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
  security?: unknown[];
  parameters?: { in: string; name: string }[];
}
type Doc = { openapi: string; paths: Record<string, Record<string, Operation>> };

let h: Harness;
let doc: Doc;
beforeAll(async () => {
  h = await startHarness();
  const res = await h.app.inject({ method: 'GET', url: OPENAPI_PATH });
  expect(res.statusCode).toBe(200);
  doc = res.json();
});
afterAll(() => h.close());

/** Routes that document the API rather than belong to it. */
const isDocumentation = (url: string) => url === OPENAPI_PATH || url.startsWith(DOCS_PREFIX);
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}');

describe('the OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc);
    expect(result.errors ?? []).toEqual([]);
    expect(result.valid).toBe(true);
  });

  it('lists every API route Fastify has registered, each with its response schemas', () => {
    const routes = h.app.routeCatalogue.filter(
      (r) => r.url.startsWith('/api/') && r.method !== 'HEAD' && !isDocumentation(r.url),
    );
    expect(routes.length).toBeGreaterThan(10);
    const problems: string[] = [];
    for (const r of routes) {
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op || r.hidden) problems.push(`${r.method} ${r.url}: not in the document`);
      // JSON, or for a download the file's own media types, or for a browser's return a redirect.
      else if (
        !r.hasResponseSchema ||
        !op.responses ||
        (!op.responses['302'] && !Object.values(op.responses['200']?.content ?? {}).some((c) => c.schema))
      )
        problems.push(`${r.method} ${r.url}: no response schema`);
      else if (!op.responses['4XX'] || !op.responses['5XX']) problems.push(`${r.method} ${r.url}: no error schema`);
    }
    expect(problems).toEqual([]);
  });

  it('describes request bodies and which routes need the ssid header', () => {
    const login = doc.paths['/api/login']!.post!;
    expect(login.requestBody?.content['application/json']?.schema).toMatchObject({
      required: expect.arrayContaining(['Email', 'Password', 'AgreeTerms']),
    });
    expect(login.security).toBeUndefined();
    expect(doc.paths['/api/session']!.get!.security).toEqual([{ session: [] }]);
    expect(doc.paths['/api/user/profile/set']!.post!.security).toEqual([{ session: [] }]);
  });
});

/**
 * POSTs that read no body: the session header (or a staff token) and the path say it all. Every
 * other POST must declare what it reads.
 */
const BODYLESS_POSTS = new Set(['/api/logout', '/api/notice/readAll']);

describe('the OpenAPI document, walked', () => {
  const operations = () =>
    Object.entries(doc.paths).flatMap(([url, ops]) => Object.entries(ops).map(([method, op]) => ({ url, method, op })));

  it('declares the body of every POST that reads one (JSON, multipart, a form, a gateway callback)', () => {
    const problems: string[] = [];
    for (const { url, method, op } of operations()) {
      if (method !== 'post') continue;
      const media = Object.entries(op.requestBody?.content ?? {});
      if (BODYLESS_POSTS.has(url)) {
        if (media.length) problems.push(`POST ${url}: reads no body but declares one`);
      } else if (!media.length) problems.push(`POST ${url}: no request body`);
      else if (!media.some(([, c]) => c.schema)) problems.push(`POST ${url}: a request body without a schema`);
    }
    expect(problems).toEqual([]);
    // The sandbox gateway's callback (raw JSON, signed) and its checkout page's form post.
    expect(Object.keys(doc.paths['/api/payment/sandbox/webhook']!.post!.requestBody!.content)).toEqual([
      'application/json',
    ]);
    expect(Object.keys(doc.paths['/pay/sandbox/{id}']!.post!.requestBody!.content)).toEqual([
      'application/x-www-form-urlencoded',
    ]);
  });

  it('lists every route Fastify has, pages and redirects too, each with the answers it gives', () => {
    const problems: string[] = [];
    for (const r of h.app.routeCatalogue) {
      if (r.method === 'HEAD' || isDocumentation(r.url) || r.hidden) continue;
      const op = doc.paths[openApiPath(r.url)]?.[r.method.toLowerCase()];
      if (!op) problems.push(`${r.method} ${r.url}: not in the document`);
      else if (!Object.keys(op.responses ?? {}).length) problems.push(`${r.method} ${r.url}: no answers`);
    }
    expect(problems).toEqual([]);
  });

  it('declares the 3xx of each redirect and the text/html of each page, as they answer', async () => {
    const pages: [string, string][] = [];
    const redirects: [string, string][] = [];
    for (const { url, method, op } of operations()) {
      for (const [status, answer] of Object.entries(op.responses ?? {})) {
        if (/^3/.test(status)) redirects.push([`${method.toUpperCase()} ${url}`, status]);
        if (answer.content?.['text/html']) pages.push([`${method.toUpperCase()} ${url}`, status]);
      }
    }
    expect(redirects).toEqual(
      expect.arrayContaining([
        ['GET /api/oauth/callback/{Provider}', '302'],
        ['POST /pay/sandbox/{id}', '303'],
      ]),
    );
    expect(pages).toEqual(
      expect.arrayContaining([
        ['GET /pay/sandbox/{id}', '200'],
        ['GET /pay/sandbox/{id}', '404'],
        ['POST /pay/sandbox/{id}', '400'],
      ]),
    );
    // What they declare is what they answer.
    const callback = await h.app.inject({ method: 'GET', url: '/api/oauth/callback/nobody' });
    expect(callback.statusCode).toBe(302);
    expect(callback.headers.location).toMatch(/^\/login\?oauth_error=failed/);
    const page = await h.app.inject({ method: 'GET', url: '/pay/sandbox/1?t=wrong' });
    expect([page.statusCode, String(page.headers['content-type'])]).toEqual([404, 'text/html; charset=utf-8']);
    const form = await h.app.inject({
      method: 'POST',
      url: '/pay/sandbox/1',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 't=wrong&decision=approve',
    });
    expect([form.statusCode, String(form.headers['content-type'])]).toEqual([400, 'text/html; charset=utf-8']);
  });
});

describe('validation through the declared schemas', () => {
  it('answers a bad body with 400 parse_data_error naming each field, in the error envelope', async () => {
    const r = await call(h, 'POST', '/api/login', { body: { Email: 'not-an-email', Password: '' } });
    expect(r.status).toBe(400);
    expect(r.body).toEqual({
      code: 'parse_data_error',
      message: 'The request is invalid.',
      data: null,
      fields: { Email: 'invalid_email', Password: 'required', AgreeTerms: 'must_agree_terms' },
    });
  });

  it('names every missing field when the body is absent', async () => {
    const r = await call(h, 'POST', '/api/register/code');
    expect([r.status, r.body.fields]).toEqual([400, { Email: 'required' }]);
  });

  it('checks the session before it reads the body', async () => {
    const r = await call(h, 'POST', '/api/user/profile/set', { body: { FirstName: 42 } });
    expect([r.status, r.body.code]).toEqual([401, 'need_login']);
  });
});

describe('the API reference', () => {
  it('serves Swagger UI from the console itself, under its Content-Security-Policy', async () => {
    const res = await h.app.inject({ method: 'GET', url: `${DOCS_PREFIX}/` });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('swagger-ui');
    expect(String(res.headers['content-security-policy'])).toContain("script-src 'self'");
    expect(res.body).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(res.body).not.toMatch(/https?:\/\//);
  });
});
