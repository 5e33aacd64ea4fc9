import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staffTokens } from '../domains/accounts/staff-tokens-repository.js';
import { customerWithObjects, type CustomerObjects } from '../../test/customer-objects.js';
import { startHarness, type Harness } from '../../test/harness.js';
import {
  endpoints,
  fieldName,
  idFields,
  readDocument,
  type ApiDoc,
  type Endpoint,
  type IdField,
} from '../../test/openapi-kit.js';
import { newPublicKey } from '../../test/ssh-keys.js';
import { ticketType } from '../../test/ticket-helpers.js';

// Access checks generated from /api/openapi.json. For every operation that takes an id, customer B
// sends a request built from B's own objects with customer A's id in one field, field by field:
// the API must answer as for a missing object, and A's objects must read back unchanged. Every staff
// route refuses a customer's session, and every customer route an operator token. An id-taking
// operation this file cannot build a request for fails the suite: add it to REQUESTS.

let h: Harness;
let doc: ApiDoc;
let a: CustomerObjects;
let b: CustomerObjects;
let staff: string;

beforeAll(async () => {
  h = await startHarness(
    { PAYMENT_GATEWAYS: 'sandbox', RATE_LIMIT_PER_MINUTE: '100000', AUTH_RATE_LIMIT_SCALE: '100' },
    { compute: {} },
  );
  doc = await readDocument(h);
  const type = await ticketType(h);
  a = await customerWithObjects(h, { hostname: 'alice-1', typeId: type.Id, backup: true });
  b = await customerWithObjects(h, { hostname: 'bob-1', typeId: type.Id, backup: true });
  staff = (await staffTokens.create(h.db, 'Access desk', ['tickets', 'notices', 'users'])).token;
});
afterAll(() => h?.close());

/** A request of an operation: its path parameters, query and body (JSON, or a form). */
interface Req {
  path?: Record<string, unknown>;
  query?: Record<string, unknown>;
  body?: Record<string, unknown>;
  form?: Record<string, string>;
}

/**
 * How to build each id-taking operation's request from one customer's objects, valid in every
 * other respect. The ids of one customer's objects only; catalogue and notice ids are the same for
 * everyone (SHARED).
 */
const REQUESTS: Record<string, (o: CustomerObjects) => Req> = {
  'POST /api/key/set': (o) => ({ body: { Id: o.keyId, Name: 'renamed', PublicKey: KEY } }),
  'POST /api/key/del': (o) => ({ body: { id: o.keyId } }),
  'GET /api/invoice': (o) => ({ query: { id: o.invoiceId } }),
  'GET /api/invoice/pdf': (o) => ({ query: { id: o.invoiceId } }),
  'POST /api/invoice/pay': (o) => ({ body: { Id: o.invoiceId, Method: 'sandbox' } }),
  'GET /api/payment': (o) => ({ query: { id: o.paymentId } }),
  'GET /api/payment/receipt': (o) => ({ query: { id: o.paymentId } }),
  // The gateway's callback, signed by the gateway: a customer cannot sign one for anybody's payment.
  'POST /api/payment/sandbox/webhook': (o) => ({ body: { PaymentId: o.paymentId, Outcome: 'succeeded' } }),
  'GET /pay/sandbox/{id}': (o) => ({ path: { id: o.paymentId }, query: { t: o.paymentToken } }),
  'POST /pay/sandbox/{id}': (o) => ({ path: { id: o.paymentId }, form: { t: o.paymentToken, decision: 'approve' } }),
  'GET /api/product/templates': (o) => ({ query: { productId: o.productId } }),
  'POST /api/deploy/price': (o) => ({ body: { ProductId: o.productId, Cycle: 'Month' } }),
  'POST /api/deploy': (o) => ({
    body: {
      ProductId: o.productId,
      Cycle: 'Month',
      Hostnames: ['access-1'],
      UserData: { TemplateId: o.templateId, Username: 'ada', Password: 'correct horse battery', SSHKeyIds: [o.keyId] },
    },
  }),
  'GET /api/instance/get': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/upgrades': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/rrd': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/agent/osinfo': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/status': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/firewall/rules': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/backups': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/snapshots': (o) => ({ query: { id: o.instanceId } }),
  'GET /api/instance/task/get': (o) => ({ query: { id: o.instanceId, taskId: o.taskId } }),
  'POST /api/instance/task/get': (o) => ({ body: { Id: o.instanceId, TaskId: o.taskId } }),
  'POST /api/instance/start': (o) => ({ body: { Id: o.instanceId } }),
  'POST /api/instance/restart': (o) => ({ body: { Id: o.instanceId } }),
  'POST /api/instance/pause': (o) => ({ body: { Id: o.instanceId } }),
  'POST /api/instance/resume': (o) => ({ body: { Id: o.instanceId } }),
  'POST /api/instance/stop': (o) => ({ body: { Id: o.instanceId, Force: true } }),
  'POST /api/instance/destroy': (o) => ({ body: { Id: o.instanceId, Hostname: o.hostname } }),
  'POST /api/instance/recreate': (o) => ({
    body: {
      Id: o.instanceId,
      TemplateId: o.templateId,
      Username: 'ada',
      Password: 'new horse battery',
      SSHKeyIds: [o.keyId],
    },
  }),
  'POST /api/instance/upgrade': (o) => ({ body: { Id: o.instanceId, ProductId: o.upgradeProductId } }),
  'POST /api/instance/password': (o) => ({ body: { Id: o.instanceId, Password: 'new horse battery' } }),
  'POST /api/instance/network': (o) => ({ body: { Id: o.instanceId, Hostname: 'renamed' } }),
  'POST /api/instance/autorenew': (o) => ({ body: { Id: o.instanceId, AutoRenew: false } }),
  'POST /api/instance/firewall/rule/add': (o) => ({ body: { Id: o.instanceId, Direction: 'in', Policy: 'DROP' } }),
  'POST /api/instance/firewall/rule/set': (o) => ({
    body: { Id: o.instanceId, Pos: 0, Direction: 'in', Policy: 'DROP' },
  }),
  'POST /api/instance/firewall/rule/del': (o) => ({ body: { Id: o.instanceId, Pos: 0 } }),
  'POST /api/instance/firewall/rule/enable': (o) => ({ body: { Id: o.instanceId, Pos: 0 } }),
  'POST /api/instance/firewall/rule/disable': (o) => ({ body: { Id: o.instanceId, Pos: 0 } }),
  'POST /api/instance/firewall/set': (o) => ({
    body: { Id: o.instanceId, Enabled: true, PolicyIn: 'DROP', PolicyOut: 'ACCEPT' },
  }),
  'POST /api/instance/backup/add': (o) => ({ body: { Id: o.instanceId, Name: 'stolen', Description: '' } }),
  'POST /api/instance/backup/restore': (o) => ({ body: { Id: o.instanceId, BackupId: o.backupId } }),
  'POST /api/instance/backup/del': (o) => ({ body: { Id: o.instanceId, BackupId: o.backupId } }),
  'POST /api/instance/snapshot/add': (o) => ({ body: { Id: o.instanceId, Name: 'stolen', Description: '' } }),
  'POST /api/instance/snapshot/restore': (o) => ({ body: { Id: o.instanceId, Name: 'stolen' } }),
  'POST /api/instance/snapshot/del': (o) => ({ body: { Id: o.instanceId, Name: 'stolen' } }),
  'POST /api/instance/vnc': (o) => ({ body: { id: o.instanceId } }),
  'POST /api/instance/xterm': (o) => ({ body: { id: o.instanceId } }),
  'GET /api/notice': () => ({ query: { id: 1 } }),
  'POST /api/notice/read': () => ({ body: { Id: 1 } }),
  'GET /api/ticket': (o) => ({ query: { id: o.ticketId } }),
  'GET /api/ticket/msgs': (o) => ({ query: { id: o.ticketId } }),
  'POST /api/ticket/add': (o) => ({
    body: {
      Title: 'Mine',
      TypeId: o.typeId,
      Content: 'About my server.',
      InstanceId: o.instanceId,
      AttachmentIds: [o.pendingAttachmentId],
    },
  }),
  'POST /api/ticket/reply': (o) => ({
    body: { Id: o.ticketId, Content: 'More.', AttachmentIds: [o.pendingAttachmentId] },
  }),
  'POST /api/ticket/close': (o) => ({ body: { Id: o.ticketId } }),
  'GET /api/ticket/attachment': (o) => ({ query: { id: o.sentAttachmentId } }),
};

/** Fields whose ids are the same for every customer (the catalogue, ticket types, published notices). */
const SHARED: Record<string, string[]> = {
  'GET /api/product/templates': ['query:productId'],
  'POST /api/deploy/price': ['body:ProductId'],
  'POST /api/deploy': ['body:ProductId', 'body:UserData.TemplateId'],
  'POST /api/instance/recreate': ['body:TemplateId'],
  'POST /api/instance/upgrade': ['body:ProductId'],
  'POST /api/ticket/add': ['body:TypeId'],
  'GET /api/notice': ['query:id'],
  'POST /api/notice/read': ['body:Id'],
};

/**
 * What the API answers for another customer's id, as documented: an instance is missing
 * (instances.md "Ownership"), an upload named in a message is a field error (tickets.md), the
 * sandbox checkout shows its own error page, anything else is missing.
 */
function refusal(ep: Endpoint, f: IdField): { status: number; code?: string; fields?: Record<string, string> } {
  const name = f.at.at(-1)!;
  if (name === 'AttachmentIds')
    return { status: 400, code: 'parse_data_error', fields: { AttachmentIds: 'invalid_value' } };
  if (name === 'InstanceId' || (/^\/api\/instance(\/|$)/.test(ep.path) && /^id$/i.test(name)))
    return { status: 404, code: 'instance_not_exist' };
  // The sandbox checkout answers its own error page; its callback refuses what the gateway did not sign.
  if (ep.path.startsWith('/pay/sandbox/')) return { status: ep.method === 'GET' ? 404 : 400 };
  if (ep.path.endsWith('/webhook')) return { status: 400, code: 'parse_data_error' };
  return { status: 404, code: 'db_no_record' };
}

const KEY = newPublicKey('renamed@nimbus');

const get = (req: Req, f: IdField): unknown => {
  const root = f.in === 'body' ? req.body : f.in === 'query' ? req.query : req.path;
  return f.at.reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], root);
};

/** `req` with the field set to `value` (objects along the way copied, not changed). */
function withField(req: Req, f: IdField, value: unknown): Req {
  const set = (obj: Record<string, unknown> | undefined, at: string[]): Record<string, unknown> => {
    const [k, ...rest] = at;
    const copy = { ...obj };
    copy[k!] = rest.length ? set(obj?.[k!] as Record<string, unknown>, rest) : value;
    return copy;
  };
  const where = f.in === 'body' ? 'body' : f.in;
  return { ...req, [where]: set(req[where], f.at) };
}

async function send(ep: Endpoint, req: Req, auth: { ssid?: string; token?: string }) {
  let url = ep.path;
  for (const [k, v] of Object.entries(req.path ?? {})) url = url.replace(`{${k}}`, encodeURIComponent(String(v)));
  const q = new URLSearchParams(
    Object.entries(req.query ?? {}).map(([k, v]): [string, string] => [k, String(v)]),
  ).toString();
  const headers: Record<string, string> = {
    ...(auth.ssid ? { ssid: auth.ssid } : {}),
    ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}),
  };
  let payload: string | undefined;
  if (req.form) {
    headers['content-type'] = 'application/x-www-form-urlencoded';
    payload = new URLSearchParams(req.form).toString();
  } else if (req.body || ep.method !== 'GET') {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(req.body ?? {});
  }
  const res = await h.app.inject({ method: ep.method, url: q ? `${url}?${q}` : url, headers, payload });
  const code = /"code":"(\w+)"/.exec(res.body)?.[1];
  const fields = (/^application\/json/.test(String(res.headers['content-type'])) &&
    res.json<{ fields?: Record<string, string> }>().fields) as Record<string, string> | undefined;
  return { status: res.statusCode, code, fields, body: res.body.slice(0, 300) };
}

/** Everything A can read about A's objects, through the API as A: compared before and after B's tries. */
async function readBack(o: CustomerObjects) {
  const reads = [
    `/api/instance/get?id=${o.instanceId}`,
    `/api/instance/firewall/rules?id=${o.instanceId}`,
    `/api/instance/backups?id=${o.instanceId}`,
    `/api/instance/snapshots?id=${o.instanceId}`,
    `/api/instance/task/get?id=${o.instanceId}&taskId=${o.taskId}`,
    '/api/keys',
    `/api/invoice?id=${o.invoiceId}`,
    `/api/payment?id=${o.paymentId}`,
    `/api/ticket?id=${o.ticketId}`,
    `/api/ticket/msgs?id=${o.ticketId}`,
    '/api/tickets',
    '/api/instances',
  ];
  const out: Record<string, unknown> = {};
  for (const url of reads) {
    const res = await h.app.inject({ method: 'GET', url, headers: { ssid: o.ssid } });
    expect(res.statusCode, `${url} as its owner: ${res.body}`).toBe(200);
    out[url] = res.json();
  }
  for (const id of [o.sentAttachmentId, o.pendingAttachmentId]) {
    const url = `/api/ticket/attachment?id=${id}`;
    const res = await h.app.inject({ method: 'GET', url, headers: { ssid: o.ssid } });
    out[url] = id === o.sentAttachmentId ? [res.statusCode, res.rawPayload.length] : res.statusCode;
  }
  // What no read shows: the VM's tasks and the pending upload still unlinked.
  const { rows } = await h.db.query(
    `select (select count(*)::int from tasks where instance_id = $1) as tasks,
            (select message_id from ticket_attachments where id = $2) as pending_link`,
    [o.instanceId, o.pendingAttachmentId],
  );
  out.db = rows[0];
  return out;
}

describe('access checks generated from the API document', () => {
  it('tries another customer’s id in every id field of every customer operation: not found, and nothing changes', async () => {
    const unmapped: string[] = [];
    const problems: string[] = [];
    let tried = 0;
    const before = await readBack(a);
    for (const ep of endpoints(doc)) {
      if (ep.gate === 'staff') continue;
      const fields = idFields(doc, ep);
      if (!fields.length) continue;
      const build = REQUESTS[ep.key];
      if (!build) {
        unmapped.push(`${ep.key} (${fields.map(fieldName).join(', ')})`);
        continue;
      }
      const shared = SHARED[ep.key] ?? [];
      for (const f of fields) {
        if (shared.includes(fieldName(f))) continue;
        const mine = build(b);
        const theirs = get(build(a), f);
        if (theirs === undefined || get(mine, f) === undefined) {
          unmapped.push(`${ep.key}: REQUESTS sets no ${fieldName(f)}`);
          continue;
        }
        expect(theirs, `${ep.key} ${fieldName(f)}: A's and B's ids differ`).not.toEqual(get(mine, f));
        const r = await send(ep, withField(mine, f, theirs), { ssid: b.ssid });
        tried++;
        const want = refusal(ep, f);
        const got = {
          status: r.status,
          ...(want.code ? { code: r.code } : {}),
          ...(want.fields ? { fields: r.fields } : {}),
        };
        if (JSON.stringify(got) !== JSON.stringify(want))
          problems.push(
            `${ep.key} with A's ${fieldName(f)}: ${JSON.stringify(got)}, expected ${JSON.stringify(want)} (${r.body})`,
          );
      }
      const after = await readBack(a);
      expect(after, `A's objects after B's ${ep.key}`).toEqual(before);
    }
    expect(unmapped, 'id-taking operations with no request in REQUESTS').toEqual([]);
    expect(problems).toEqual([]);
    expect(tried).toBeGreaterThan(50);
  });

  it('lists in SHARED and REQUESTS only operations the document has', () => {
    const keys = new Set(endpoints(doc).map((e) => e.key));
    expect(Object.keys(REQUESTS).filter((k) => !keys.has(k))).toEqual([]);
    expect(Object.keys(SHARED).filter((k) => !keys.has(k))).toEqual([]);
  });

  it('refuses a customer’s session on every staff route', async () => {
    const staffOps = endpoints(doc).filter((e) => e.gate === 'staff');
    expect(staffOps.length).toBeGreaterThan(5);
    const before = await readBack(a);
    const problems: string[] = [];
    for (const ep of staffOps) {
      // A's own ticket, as a customer might try to read it through the help desk's routes.
      const req: Req = ep.method === 'GET' ? { query: { id: a.ticketId } } : { body: { Id: a.ticketId } };
      for (const auth of [{ ssid: a.ssid }, { ssid: a.ssid, token: a.ssid }]) {
        const r = await send(ep, req, auth);
        if (r.status !== 401) problems.push(`${ep.key} with ${Object.keys(auth).join('+')}: ${r.status} ${r.body}`);
      }
    }
    expect(problems).toEqual([]);
    expect(await readBack(a)).toEqual(before);
  });

  it('refuses an operator token (and no session) on every customer route', async () => {
    const customerOps = endpoints(doc).filter((e) => e.gate === 'session');
    expect(customerOps.length).toBeGreaterThan(50);
    const before = await readBack(a);
    const problems: string[] = [];
    for (const ep of customerOps) {
      const req = REQUESTS[ep.key]?.(a) ?? {};
      const r = await send(ep, req, { token: staff });
      if (r.status !== 401 || r.code !== 'need_login') problems.push(`${ep.key}: ${r.status} ${r.body}`);
    }
    expect(problems).toEqual([]);
    expect(await readBack(a)).toEqual(before);
  });
});
