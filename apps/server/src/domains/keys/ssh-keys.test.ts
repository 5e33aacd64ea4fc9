import { SSH_KEY, type SshKey } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { KNOWN_KEYS, newPublicKey } from '../../../test/ssh-keys.js';
import { OPENAPI_PATH } from '../../infra/http/openapi.js';

let h: Harness;
beforeAll(async () => {
  // Each test signs up its own customers from one address; sign-up throttles have their own tests.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' });
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;

const list = (u: Customer) => call<SshKey[]>(h, 'GET', '/api/keys', { ssid: u.ssid });
const add = (u: Customer, body: unknown) => call<SshKey>(h, 'POST', '/api/key/add', { ssid: u.ssid, body });
const set = (u: Customer, body: unknown) => call<SshKey>(h, 'POST', '/api/key/set', { ssid: u.ssid, body });
const del = (u: Customer, body: unknown) => call<null>(h, 'POST', '/api/key/del', { ssid: u.ssid, body });

async function added(u: Customer, Name = 'key', PublicKey = newPublicKey()): Promise<SshKey> {
  const r = await add(u, { Name, PublicKey });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const ED25519 = KNOWN_KEYS.ed25519;
const ED25519_BASE64 = ED25519.line.split(' ')[1]!;

describe('adding and listing keys', () => {
  it('adds a key, trimmed, with its OpenSSH fingerprint, and lists it', async () => {
    const u = await signUp(h);
    expect((await list(u)).body).toEqual({ data: [] });
    const before = Date.now();
    const r = await add(u, { Name: '  Grace’s desk  ', PublicKey: `\n ${ED25519.line}\r\n` });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      Id: expect.any(Number),
      Name: 'Grace’s desk',
      PublicKey: ED25519.line,
      Fingerprint: ED25519.fingerprint,
      CreatedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(Date.parse(r.body.data.CreatedAt)).toBeGreaterThanOrEqual(before - 1000);
    expect((await list(u)).body.data).toEqual([r.body.data]);
  });

  it('fingerprints RSA keys as ssh-keygen does', async () => {
    const u = await signUp(h);
    const key = await added(u, 'build', KNOWN_KEYS.rsa4096.line);
    expect(key.Fingerprint).toBe(KNOWN_KEYS.rsa4096.fingerprint);
  });

  it("lists the caller's keys only, newest first", async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    const first = await added(a, 'first');
    const second = await added(a, 'second');
    await added(b, 'not yours');
    const third = await added(a, 'third');
    expect((await list(a)).body.data.map((k) => k.Id)).toEqual([third.Id, second.Id, first.Id]);
    expect((await list(b)).body.data.map((k) => k.Name)).toEqual(['not yours']);
  });
});

describe('editing and deleting keys', () => {
  it('renames a key and replaces its key text', async () => {
    const u = await signUp(h);
    const key = await added(u, 'old name', ED25519.line);
    const renamed = await set(u, { Id: key.Id, Name: ' new name ', PublicKey: ED25519.line });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data).toEqual({ ...key, Name: 'new name' });
    const replaced = await set(u, { Id: key.Id, Name: 'new name', PublicKey: KNOWN_KEYS.rsa4096.line });
    expect(replaced.body.data).toEqual({
      ...key,
      Name: 'new name',
      PublicKey: KNOWN_KEYS.rsa4096.line,
      Fingerprint: KNOWN_KEYS.rsa4096.fingerprint,
    });
    expect((await list(u)).body.data).toEqual([replaced.body.data]);
  });

  it('deletes a key, answering data null; the key is gone', async () => {
    const u = await signUp(h);
    const keep = await added(u, 'keep');
    const drop = await added(u, 'drop');
    expect((await del(u, { id: drop.Id })).body).toEqual({ data: null });
    expect((await list(u)).body.data).toEqual([keep]);
    const again = await del(u, { id: drop.Id });
    expect([again.status, again.body.code]).toEqual([404, 'db_no_record']);
  });

  it("treats another customer's key, or an unknown id, as not found", async () => {
    const owner = await signUp(h);
    const other = await signUp(h);
    const key = await added(owner, 'mine', ED25519.line);
    const unknown = key.Id + 1_000_000;
    for (const r of [
      await set(other, { Id: key.Id, Name: 'stolen', PublicKey: newPublicKey() }),
      await del(other, { id: key.Id }),
      await set(owner, { Id: unknown, Name: 'ghost', PublicKey: newPublicKey() }),
      await del(owner, { id: unknown }),
    ]) {
      expect([r.status, r.body.code, r.body.data]).toEqual([404, 'db_no_record', null]);
    }
    expect((await list(owner)).body.data).toEqual([key]);
  });
});

describe('validation', () => {
  const longName = 'n'.repeat(SSH_KEY.nameMax + 1);
  it.each([
    ['no name', { PublicKey: ED25519.line }, { Name: 'required' }],
    ['an empty name', { Name: '  ', PublicKey: ED25519.line }, { Name: 'required' }],
    ['a name that is not text', { Name: 42, PublicKey: ED25519.line }, { Name: 'invalid_value' }],
    ['an overlong name', { Name: longName, PublicKey: ED25519.line }, { Name: 'incorrect_length' }],
    ['no public key', { Name: 'k' }, { PublicKey: 'required' }],
    ['a public key that is not text', { Name: 'k', PublicKey: 1 }, { PublicKey: 'invalid_value' }],
    ['text that is no key', { Name: 'k', PublicKey: 'hello world' }, { PublicKey: 'invalid_public_key' }],
    [
      'a private key',
      { Name: 'k', PublicKey: '-----BEGIN OPENSSH PRIVATE KEY-----' },
      { PublicKey: 'invalid_public_key' },
    ],
    [
      'a prefix unlike the key inside',
      { Name: 'k', PublicKey: `ssh-rsa ${ED25519_BASE64}` },
      { PublicKey: 'invalid_public_key' },
    ],
    [
      'a truncated key',
      { Name: 'k', PublicKey: `ssh-ed25519 ${ED25519_BASE64.slice(0, 40)}` },
      { PublicKey: 'invalid_public_key' },
    ],
    [
      'an overlong key',
      { Name: 'k', PublicKey: `${ED25519.line} ${'x'.repeat(SSH_KEY.publicKeyMax)}` },
      { PublicKey: 'invalid_public_key' },
    ],
    ['nothing', {}, { Name: 'required', PublicKey: 'required' }],
  ])('refuses %s with a message per field', async (_, body, fields) => {
    const u = await signUp(h);
    const r = await add(u, body);
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ code: 'parse_data_error', message: expect.any(String), data: null, fields });
    expect((await list(u)).body.data).toEqual([]);
  });

  it('validates an edit the same way, and its id', async () => {
    const u = await signUp(h);
    const key = await added(u, 'k', ED25519.line);
    const bad = await set(u, { Id: key.Id, Name: longName, PublicKey: 'ssh-ed25519 AAAA' });
    expect(bad.body.fields).toEqual({ Name: 'incorrect_length', PublicKey: 'invalid_public_key' });
    const noId = await set(u, { Name: 'k', PublicKey: ED25519.line });
    expect([noId.status, noId.body.fields]).toEqual([400, { Id: 'required' }]);
    const textId = await set(u, { Id: String(key.Id), Name: 'k', PublicKey: ED25519.line });
    expect(textId.body.fields).toEqual({ Id: 'invalid_value' });
    expect((await list(u)).body.data).toEqual([key]);
  });

  it('takes the lower-case id to delete', async () => {
    const u = await signUp(h);
    const key = await added(u);
    const r = await del(u, { Id: key.Id });
    expect([r.status, r.body.fields]).toEqual([400, { id: 'required' }]);
    expect((await del(u, { id: -1 })).body.fields).toEqual({ id: 'invalid_value' });
    expect((await list(u)).body.data).toEqual([key]);
  });
});

describe('duplicates and the limit', () => {
  it('refuses the same key twice for one customer, whatever its comment', async () => {
    const u = await signUp(h);
    await added(u, 'laptop', ED25519.line);
    const again = ED25519.line.replace('grace@desk', 'another comment');
    const r = await add(u, { Name: 'laptop again', PublicKey: again });
    expect([r.status, r.body.code, r.body.fields]).toEqual([400, 'parse_data_error', { PublicKey: 'duplicate_key' }]);
    expect((await list(u)).body.data).toHaveLength(1);
    // Another customer may store the same public key.
    expect((await add(await signUp(h), { Name: 'shared', PublicKey: ED25519.line })).status).toBe(200);
  });

  it("refuses to edit a key into another of the customer's keys", async () => {
    const u = await signUp(h);
    await added(u, 'first', ED25519.line);
    const second = await added(u, 'second');
    const r = await set(u, { Id: second.Id, Name: 'second', PublicKey: ED25519.line });
    expect([r.status, r.body.fields]).toEqual([400, { PublicKey: 'duplicate_key' }]);
    expect((await list(u)).body.data[0]).toEqual(second);
  });

  it(`keeps at most ${SSH_KEY.maxPerUser} keys per customer, also under concurrent adds`, async () => {
    const u = await signUp(h);
    for (let i = 0; i < SSH_KEY.maxPerUser - 4; i++) await added(u, `key ${i}`);
    const racing = await Promise.all(
      Array.from({ length: 8 }, (_, i) => add(u, { Name: `race ${i}`, PublicKey: newPublicKey() })),
    );
    expect(racing.filter((r) => r.status === 200)).toHaveLength(4);
    for (const r of racing.filter((r) => r.status !== 200)) {
      expect([r.status, r.body.code]).toEqual([409, 'invalid_option']);
    }
    const keys = (await list(u)).body.data;
    expect(keys).toHaveLength(SSH_KEY.maxPerUser);
    const over = await add(u, { Name: 'one too many', PublicKey: newPublicKey() });
    expect([over.status, over.body.code]).toEqual([409, 'invalid_option']);
    // Deleting one makes room again.
    await del(u, { id: keys[0]!.Id });
    expect((await add(u, { Name: 'room again', PublicKey: newPublicKey() })).status).toBe(200);
  });
});

describe('access and documentation', () => {
  it('needs a session for every key endpoint', async () => {
    const results = [
      await call(h, 'GET', '/api/keys'),
      await call(h, 'POST', '/api/key/add', { body: { Name: 'k', PublicKey: ED25519.line } }),
      await call(h, 'POST', '/api/key/set', { body: { Id: 1, Name: 'k', PublicKey: ED25519.line } }),
      await call(h, 'POST', '/api/key/del', { body: { id: 1 } }),
    ];
    for (const r of results) expect([r.status, r.body.code]).toEqual([401, 'need_login']);
  });

  it('is described in the OpenAPI document, with its payload names and the session header', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: OPENAPI_PATH })).json() as {
      paths: Record<string, Record<string, { security?: unknown; tags?: string[]; requestBody?: unknown }>>;
    };
    const ops = {
      'get /api/keys': undefined,
      'post /api/key/add': ['Name', 'PublicKey'],
      'post /api/key/set': ['Id', 'Name', 'PublicKey'],
      'post /api/key/del': ['id'],
    };
    for (const [op, required] of Object.entries(ops)) {
      const [method, path] = op.split(' ') as [string, string];
      const described = doc.paths[path]?.[method];
      expect(described, op).toMatchObject({ tags: ['keys'], security: [{ session: [] }] });
      if (required) {
        expect(described?.requestBody, op).toMatchObject({
          content: { 'application/json': { schema: { required } } },
        });
      }
    }
  });
});
