import type { DeployResult, SshKey } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { newPublicKey } from '../../../test/ssh-keys.js';
import { ticketType } from '../../../test/ticket-helpers.js';

// The API as docs/product/README.md and the area pages document it, to the letter, over HTTP: each
// call sent exactly as it names its payload and query fields, and the catalogue's error codes where
// they apply.

let h: Harness;
type Customer = Awaited<ReturnType<typeof signUp>>;
let u: Customer;

beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  u = await signUp(h);
  await topUp(h, u.userId, 10_000);
});
afterAll(() => h.close());

/** A call that must succeed; answers its `data`. */
async function ok<T = unknown>(method: 'GET' | 'POST', url: string, body?: unknown): Promise<T> {
  const r = await call<T>(h, method, url, { ssid: u.ssid, body });
  expect(r.status, `${method} ${url}: ${JSON.stringify(r.body)}`).toBe(200);
  return r.body.data;
}

/** Runs `fn` while a table is away (renamed), as when a query or the session store fails. */
async function withoutTable<T>(table: string, fn: () => Promise<T>): Promise<T> {
  await h.db.query(`alter table ${table} rename to ${table}_away`);
  try {
    return await fn();
  } finally {
    await h.db.query(`alter table ${table}_away rename to ${table}`);
  }
}

describe('every call as documented', () => {
  it('answers each call sent with the payload and query field names of §7', async () => {
    const type = await ticketType(h);
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const templateId = templates[0]!.Id;

    // POST api/deploy/price: ProductId, Quantity (1), Cycle, PromotionCode, CustomConfig (empty list);
    // "response data is the discounted price".
    const price = await ok('POST', '/api/deploy/price', {
      ProductId: product.Id,
      Quantity: 1,
      Cycle: 'Month',
      PromotionCode: '',
      CustomConfig: [],
    });
    expect(price).toBe(product.Price.monthly);

    // POST api/deploy: … Hostnames (one), UserData {TemplateId, Username, Password, SSHKeyIds} …
    const deployed = await ok<DeployResult>('POST', '/api/deploy', {
      ProductId: product.Id,
      Quantity: 1,
      Cycle: 'Month',
      PromotionCode: '',
      Hostnames: ['spec-7'],
      UserData: { TemplateId: templateId, Username: 'ada', Password: 'correct horse battery', SSHKeyIds: [] },
      CustomConfig: [],
    });
    expect(deployed).toEqual({ InstanceId: expect.any(Number), TaskId: expect.any(Number) });
    const id = deployed.InstanceId;
    // GET api/instance/task/get: id, taskId (what waitTask polls).
    await ok('GET', `/api/instance/task/get?id=${id}&taskId=${deployed.TaskId}`);
    expect(await waitTask(h, u.ssid, deployed)).toEqual({ Status: 2, Step: 4 });

    for (const url of [
      '/api/notices?limit=10',
      '/api/instances?limit=10',
      '/api/tickets?limit=10',
      '/api/ticketTypes?limit=10',
      '/api/paymentMethods',
      '/api/user/aff',
      '/api/session',
      '/api/deploy/products',
      '/api/keys',
      `/api/product/templates?productId=${product.Id}`,
      `/api/instance/status?id=${id}`,
      `/api/instance?id=${id}`,
      `/api/instance/get?id=${id}`,
      `/api/instance/rrd?id=${id}`,
      `/api/instance/agent/osinfo?id=${id}`,
    ]) {
      await ok('GET', url);
    }
    const invoices = await ok<{ Items: { Id: number }[] }>('GET', '/api/invoices?limit=10');
    await ok('GET', `/api/invoice?id=${invoices.Items[0]!.Id}`);

    // Keys: add Name, PublicKey; set Id, Name, PublicKey; del id (lower case).
    const key = await ok<SshKey>('POST', '/api/key/add', { Name: 'laptop', PublicKey: newPublicKey() });
    await ok('POST', '/api/key/set', { Id: key.Id, Name: 'desk', PublicKey: newPublicKey() });
    await ok('POST', '/api/key/del', { id: key.Id });

    // POST api/instance/vnc: id (lower case); response data: Port, Ticket.
    expect(await ok('POST', '/api/instance/vnc', { id })).toEqual({
      Port: expect.any(Number),
      Ticket: expect.any(String),
    });

    // Tickets (opened through the API's own call, which §7 does not show).
    const ticket = await ok<{ Id: number }>('POST', '/api/ticket/add', {
      Title: 'Spec',
      TypeId: type.Id,
      Content: 'Every call as written.',
      AttachmentIds: [],
    });
    await ok('GET', `/api/ticket?id=${ticket.Id}`);
    await ok('GET', `/api/ticket/msgs?limit=999&id=${ticket.Id}`);

    // POST api/instance/recreate: Id, TemplateId, Username, Password, Start; data is a task id,
    // polled with POST api/instance/task/get: Id, TaskId.
    const taskId = await ok<number>('POST', '/api/instance/recreate', {
      Id: id,
      TemplateId: templateId,
      Username: 'ada',
      Password: 'another horse battery',
      Start: true,
    });
    expect(taskId).toEqual(expect.any(Number));
    await ok('POST', '/api/instance/task/get', { Id: id, TaskId: taskId });

    // POST api/logout: the session header alone.
    await ok('POST', '/api/logout');
    expect((await call(h, 'GET', '/api/session', { ssid: u.ssid })).status).toBe(401);
    u = await signUp(h);
  });

  it('refuses POST api/instance/vnc with the old `Id`, naming the field §7 wants', async () => {
    const r = await call(h, 'POST', '/api/instance/vnc', { ssid: u.ssid, body: { Id: 1 } });
    expect([r.status, r.body.code, r.body.fields]).toEqual([400, 'parse_data_error', { id: 'invalid_value' }]);
  });
});

describe('the catalogue codes where they apply', () => {
  it('answers instance_not_exist with its text for a missing instance', async () => {
    const r = await call(h, 'GET', '/api/instance/get?id=987654', { ssid: u.ssid });
    expect([r.status, r.body]).toEqual([
      404,
      { code: 'instance_not_exist', message: 'Instance not found (contact admin or open a ticket).', data: null },
    ]);
  });

  it('answers database_error when a query fails', async () => {
    const r = await withoutTable('ssh_keys', () => call(h, 'GET', '/api/keys', { ssid: u.ssid }));
    expect([r.status, r.body.code]).toEqual([500, 'database_error']);
  });

  it('answers get_session_error when the session store cannot be read', async () => {
    const r = await withoutTable('sessions', () => call(h, 'GET', '/api/keys', { ssid: u.ssid }));
    expect([r.status, r.body.code]).toEqual([500, 'get_session_error']);
    // Unlike a missing or an unknown session.
    expect((await call(h, 'GET', '/api/keys')).body.code).toBe('need_login');
    expect((await call(h, 'GET', '/api/keys', { ssid: 'nope' })).body.code).toBe('invalid_session');
  });

  it('answers wrong_search_data for a bad query string, parse_data_error for a bad body', async () => {
    const q = await call(h, 'GET', '/api/instances?limit=ten', { ssid: u.ssid });
    expect([q.status, q.body.code, q.body.fields]).toEqual([400, 'wrong_search_data', { limit: 'invalid_value' }]);
    const b = await call(h, 'POST', '/api/key/del', { ssid: u.ssid, body: { id: 'ten' } });
    expect([b.status, b.body.code, b.body.fields]).toEqual([400, 'parse_data_error', { id: 'invalid_value' }]);
  });

  it('answers passwords_mismatch when a request’s two passwords differ', async () => {
    const r = await call(h, 'POST', '/api/user/password/set', {
      ssid: u.ssid,
      body: { Password: u.password, NewPassword: 'a brand new one', ConfirmPassword: 'a brand new on' },
    });
    expect([r.status, r.body.code, r.body.fields]).toEqual([
      400,
      'passwords_mismatch',
      { ConfirmPassword: 'passwords_mismatch' },
    ]);
    // Nothing changed: the old password still signs in.
    const login = await call(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: u.password, AgreeTerms: true },
    });
    expect(login.status).toBe(200);
    const reset = await call(h, 'POST', '/api/password/reset', {
      body: { Email: u.email, Code: '123456', Password: 'a brand new one', ConfirmPassword: 'other' },
    });
    expect(reset.body.code).toBe('passwords_mismatch');
    const matching = await call(h, 'POST', '/api/user/password/set', {
      ssid: u.ssid,
      body: { Password: u.password, NewPassword: 'a brand new one', ConfirmPassword: 'a brand new one' },
    });
    expect(matching.status).toBe(200);
    u = { ...u, password: 'a brand new one' };
  });

  it('answers parse_config_error when a product’s stored prices cannot be read', async () => {
    const { product } = await pick(h, u.ssid, 'Tokyo', 'Standard', '1 vCPU · 2 GB');
    const { rows } = await h.db.query<{ prices: unknown }>('select prices from products where id = $1', [product.Id]);
    await h.db.query(`update products set prices = '{"monthly": "five dollars"}' where id = $1`, [product.Id]);
    try {
      const list = await call(h, 'GET', '/api/deploy/products', { ssid: u.ssid });
      expect([list.status, list.body.code]).toEqual([500, 'parse_config_error']);
      const price = await call(h, 'POST', '/api/deploy/price', {
        ssid: u.ssid,
        body: { ProductId: product.Id, Quantity: 1, Cycle: 'Month', PromotionCode: '', CustomConfig: [] },
      });
      expect([price.status, price.body.code]).toEqual([500, 'parse_config_error']);
    } finally {
      await h.db.query('update products set prices = $2 where id = $1', [product.Id, JSON.stringify(rows[0]!.prices)]);
    }
    expect((await call(h, 'GET', '/api/deploy/products', { ssid: u.ssid })).status).toBe(200);
  });

  it('answers an unknown API path with db_no_record, a code of the catalogue', async () => {
    const r = await call(h, 'GET', '/api/no-such-route');
    expect([r.status, r.body.code]).toEqual([404, 'db_no_record']);
  });
});
