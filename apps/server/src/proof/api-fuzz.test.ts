import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTokens } from '../domains/accounts/staff-tokens-repository.js';
import { sessions } from '../infra/sessions/repository.js';
import { call } from '../../test/api.js';
import { customerWithObjects, type CustomerObjects } from '../../test/customer-objects.js';
import {
  anyString,
  describeRequest,
  hostileBodies,
  valueOf,
  type FuzzRequest,
  type Known,
} from '../../test/fuzz-inputs.js';
import { GitHubStandIn } from '../../test/github-stand-in.js';
import { startHarness, type Harness } from '../../test/harness.js';
import { endpoints, jsonBodyOf, readDocument, type ApiDoc, type Endpoint } from '../../test/openapi-kit.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';
import { ticketType } from '../../test/ticket-helpers.js';

// Every operation of /api/openapi.json, fed generated inputs (fast-check): values its schemas take
// and values they must refuse, hostile bodies, as a signed-in customer, an operator, a stranger and
// a forged session. No answer may be a 5xx, and the server must stay healthy. The document drives
// it: a route added tomorrow is fuzzed without anyone listing it.
//
// FUZZ_SEED replays another seed (a failure prints its seed, path and the request); FUZZ_RUNS sets
// the generated requests per operation.

const SEED = Number(process.env.FUZZ_SEED || 20_260_421);
const RUNS = Number(process.env.FUZZ_RUNS || 24);
/** More runs per operation take longer than the server suite's 2 minutes a test. */
const TIMEOUT = Math.max(120_000, RUNS * 5_000);
/** FUZZ_ONLY: fuzz only the operations whose `METHOD path` contains it (to dig into one). */
const only = (ep: Endpoint) => !process.env.FUZZ_ONLY || ep.key.includes(process.env.FUZZ_ONLY);

let h: Harness;
let doc: ApiDoc;
let customer: CustomerObjects;
let staff: string;
const known: Known = { ids: [], strings: {} };
const github = new GitHubStandIn();
const stripe = new StripeStandIn();

beforeAll(async () => {
  await github.start();
  const STRIPE_API_BASE = await stripe.start();
  h = await startHarness(
    {
      ...github.env(),
      STRIPE_API_BASE,
      STRIPE_SECRET_KEY: 'sk_test_fuzz',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_fuzz',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_fuzz',
      PAYMENT_GATEWAYS: 'sandbox,stripe',
      // Thousands of requests from one address: the limits are tested on their own.
      RATE_LIMIT_PER_MINUTE: '1000000',
      AUTH_RATE_LIMIT_SCALE: '1000',
    },
    { compute: {} },
  );
  doc = await readDocument(h);
  // A customer with one of everything, whose ids (and strings) the generated requests use often.
  const type = await ticketType(h);
  customer = await customerWithObjects(h, { hostname: 'fuzz-1', typeId: type.Id, backup: true });
  known.strings = {
    Email: [customer.email],
    Password: [customer.password],
    Provider: ['github', 'nobody'],
    Cycle: ['Month', 'Year'],
    Hostname: [customer.hostname],
    Method: ['sandbox', 'stripe'],
    Name: ['nightly', 'laptop'],
    Username: ['ada'],
    t: [customer.paymentToken],
  };
  const c = customer;
  known.ids = [c.instanceId, c.taskId, c.backupId, c.productId, c.upgradeProductId, c.templateId, c.keyId, c.typeId];
  known.ids.push(c.ticketId, c.sentAttachmentId, c.pendingAttachmentId, c.invoiceId, c.paymentId, 1, 2);
  staff = (await staffTokens.create(h.db, 'Fuzz desk', ['tickets', 'notices', 'users'])).token;
});

afterAll(async () => {
  await h?.close();
  await github.stop();
  await stripe.stop();
});

/** The statuses answered to the operation being fuzzed. */
let answers: string[] = [];

/** Sends a request in process; a 5xx (or a request the app could not answer) fails with the request. */
async function send(r: FuzzRequest): Promise<number> {
  let res;
  try {
    res = await h.app.inject({
      method: r.method as 'GET',
      url: r.url,
      headers: r.headers,
      payload: r.body,
      remoteAddress: '10.9.8.7',
    });
  } catch (e) {
    throw new Error(`the app did not answer (${String(e)}) for\n${describeRequest(r)}`);
  }
  answers.push(`${res.statusCode} ${/"code":"(\w+)"/.exec(res.body)?.[1] ?? ''}`.trim());
  if (res.statusCode >= 500)
    throw new Error(`answered ${res.statusCode} ${res.body.slice(0, 300)} for\n${describeRequest(r)}`);
  // A refusal from the API is its error envelope, with the headers every answer carries.
  if (res.statusCode >= 400 && r.url.startsWith('/api/') && !isEnvelope(res.body, res.headers))
    throw new Error(
      `answered ${res.statusCode} outside the error envelope: ${res.body.slice(0, 300)} for\n${describeRequest(r)}`,
    );
  return res.statusCode;
}

function isEnvelope(body: string, headers: Record<string, unknown>): boolean {
  try {
    const e = JSON.parse(body) as { code?: unknown; message?: unknown; data?: unknown };
    return (
      typeof e.code === 'string' &&
      /^[a-z_]+$/.test(e.code) &&
      typeof e.message === 'string' &&
      e.data === null &&
      headers['x-content-type-options'] === 'nosniff'
    );
  } catch {
    return false;
  }
}

/** The server still answers, and no request polluted the shared prototypes. */
async function expectHealthy(after: string) {
  const res = await h.app.inject({ method: 'GET', url: '/api/health' });
  expect(res.statusCode, `GET /api/health after ${after}: ${res.body}`).toBe(200);
  expect(({} as Record<string, unknown>).polluted, `Object.prototype polluted after ${after}`).toBeUndefined();
}

/**
 * A request may log the fuzzing customer out, or its failed sign-ins ask for a captcha: the next
 * operation gets a fresh session, as a sign-in makes.
 */
async function ensureSignedIn() {
  const s = await call(h, 'GET', '/api/session', { ssid: customer.ssid });
  if (s.status === 200) return;
  const fresh = await sessions.create(h.db, customer.userId, 3600, { ip: '127.0.0.1', userAgent: 'fuzz' });
  customer.ssid = fresh.session_id;
}

type Who = 'customer' | 'staff' | 'none' | 'forged';

function authHeaders(who: Who): Record<string, string> {
  if (who === 'customer') return { ssid: customer.ssid };
  if (who === 'staff') return { authorization: `Bearer ${staff}` };
  if (who === 'forged') return { ssid: 'forged-session-0000', authorization: 'Bearer nst_forged' };
  return {};
}

/** Characters of a URL, percent-encoded byte by byte; a lone surrogate as the bytes a careless encoder writes. */
function encode(s: string): string {
  let out = '';
  for (const ch of s) {
    const c = ch.charCodeAt(0);
    if (ch.length === 1 && c >= 0xd800 && c <= 0xdfff)
      out += `%${(0xe0 | (c >> 12)).toString(16)}%${(0x80 | ((c >> 6) & 63)).toString(16)}%${(0x80 | (c & 63)).toString(16)}`;
    else out += encodeURIComponent(ch);
  }
  return out;
}

const asText = (v: unknown) => (typeof v === 'string' ? v : (JSON.stringify(v) ?? ''));

/** Header values the transport can carry (visible ASCII). */
const headerValue = fc.oneof(fc.uuid(), fc.stringMatching(/^[\x21-\x7e]{0,300}$/), fc.constant(''));

/** Generated requests for one operation. */
function requests(ep: Endpoint): fc.Arbitrary<FuzzRequest> {
  const who: fc.Arbitrary<Who> =
    ep.gate === 'staff'
      ? fc.constantFrom<Who>('staff', 'staff', 'staff', 'staff', 'customer', 'none', 'forged')
      : ep.gate === 'session'
        ? fc.constantFrom<Who>('customer', 'customer', 'customer', 'customer', 'none', 'forged', 'staff')
        : fc.constantFrom<Who>('customer', 'none');
  const params = ep.op.parameters ?? [];
  const shape: Record<string, fc.Arbitrary<unknown>> = {};
  for (const p of params) {
    if (p.in === 'header') shape[`h:${p.name}`] = fc.option(headerValue);
    else if (p.in === 'path') shape[`p:${p.name}`] = fc.oneof(valueOf(doc, p.schema, known, p.name), anyString);
    else if (p.in === 'query')
      shape[`q:${p.name}`] = fc.option(fc.oneof(valueOf(doc, p.schema, known, p.name), anyString), { freq: 4 });
  }
  const extraQuery = fc.option(fc.tuple(anyString, anyString), { freq: 4 });
  // Cookies a browser carries (a third-party login's trip, an affiliate visitor) and its language.
  const cookie = fc.option(
    fc.tuple(fc.constantFrom('nimbus_oauth', 'nimbus_vid', 'x'), headerValue).map(([k, v]) => `${k}=${v}`),
    { freq: 3 },
  );
  const language = fc.option(fc.oneof(fc.constantFrom('zh-CN', 'en-US,zh;q=0.5', '*;q=x'), headerValue), { freq: 3 });
  const jsonSchema = jsonBodyOf(doc, ep);
  const multipartBody = ep.op.requestBody?.content['multipart/form-data'];
  const body: fc.Arbitrary<{ type?: string; payload?: string | Buffer }> = jsonSchema
    ? valueOf(doc, jsonSchema, known).map((v) => ({ type: 'application/json', payload: JSON.stringify(v) ?? 'null' }))
    : multipartBody
      ? fc
          .tuple(
            fc.uint8Array({ maxLength: 2000 }),
            fc.string({ maxLength: 60 }),
            fc.constantFrom('file', 'file', 'other'),
          )
          .map(([bytes, name, field]) => {
            const b = 'fuzzgen';
            const head = `--${b}\r\nContent-Disposition: form-data; name="${field}"; filename="${name.replace(/["\r\n]/g, '_')}"\r\nContent-Type: application/octet-stream\r\n\r\n`;
            return {
              type: `multipart/form-data; boundary=${b}`,
              payload: Buffer.concat([Buffer.from(head), Buffer.from(bytes), Buffer.from(`\r\n--${b}--\r\n`)]),
            };
          })
      : fc.constant({});
  const parts = { who, values: fc.record(shape), extraQuery, cookie, language, body };
  return fc.record(parts).map(({ who, values, extraQuery, cookie, language, body }) => {
    let path = ep.path;
    const query: string[] = [];
    const headers: Record<string, string> = { ...authHeaders(who) };
    if (cookie) headers.cookie = cookie;
    if (language) headers['accept-language'] = language;
    for (const [k, v] of Object.entries(values)) {
      const [where, name] = [k.slice(0, 1), k.slice(2)];
      if (v === null || v === undefined) continue;
      if (where === 'p') path = path.replace(`{${name}}`, encode(asText(v)));
      else if (where === 'h') headers[name] = String(v);
      else if (Array.isArray(v)) for (const x of v) query.push(`${encode(name)}=${encode(asText(x))}`);
      else query.push(`${encode(name)}=${encode(asText(v))}`);
    }
    if (extraQuery) query.push(`${encode(extraQuery[0])}=${encode(extraQuery[1])}`);
    if (body.type) headers['content-type'] = body.type;
    return {
      method: ep.method,
      url: path + (query.length ? `?${query.join('&')}` : ''),
      headers,
      body: body.payload,
    };
  });
}

/** A fixed, valid value for each path parameter, for the hostile bodies. */
const plainPath = (ep: Endpoint) => ep.path.replace(/\{[^}]+\}/g, '1');

describe('every operation of the API document, fuzzed', () => {
  it('is a document with operations for customers, operators and anyone', () => {
    const eps = endpoints(doc);
    expect(eps.length).toBeGreaterThan(100);
    expect(new Set(eps.map((e) => e.gate))).toEqual(new Set(['session', 'staff', 'public']));
  });

  it(
    'never answers a 5xx to generated inputs, and stays healthy',
    async () => {
      const gated: string[] = [];
      const seen: string[] = [];
      for (const [i, ep] of endpoints(doc).entries()) {
        if (!only(ep)) continue;
        await ensureSignedIn();
        answers = [];
        await fc.assert(
          fc.asyncProperty(requests(ep), async (r) => {
            await send(r);
          }),
          { seed: SEED + i, numRuns: RUNS, endOnFailure: true },
        );
        await expectHealthy(ep.key);
        const counts = new Map<string, number>();
        for (const s of answers) counts.set(s, (counts.get(s) ?? 0) + 1);
        seen.push(`${ep.key}: ${[...counts].map(([s, n]) => `${s}×${n}`).join(' ')}`);
        // Signed in, at least some requests reach the route's validation and handler.
        if (ep.gate !== 'public' && answers.every((s) => /^40[13] /.test(s))) gated.push(ep.key);
      }
      if (process.env.FUZZ_STATS) process.stdout.write(`${seen.join('\n')}\n`);
      expect(gated, 'operations no generated request got past the auth gate of').toEqual([]);
    },
    TIMEOUT,
  );

  it('never answers a 5xx to a hostile body (bad JSON, wrong content types, broken multipart), and stays healthy', async () => {
    for (const ep of endpoints(doc)) {
      if (ep.method === 'GET' || !only(ep)) continue;
      await ensureSignedIn();
      const auth = authHeaders(ep.gate === 'staff' ? 'staff' : 'customer');
      for (const { contentType, body } of hostileBodies(ep))
        await send({
          method: ep.method,
          url: plainPath(ep),
          headers: { ...auth, ...(contentType ? { 'content-type': contentType } : {}) },
          body,
        });
      await expectHealthy(ep.key);
    }
  });
});
