import { inspect } from 'node:util';
import { afterEach, describe, expect, it } from 'vitest';
import { OutcomeUnknownError, ProxmoxClient, ProxmoxError } from '../src/index.js';
import { fail, ok, startFake, type Handler } from './fake-server.js';

const TOKEN = 'nimbus@pve!test=secret-uuid';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(handler: Handler, extra: Partial<ConstructorParameters<typeof ProxmoxClient>[0]> = {}) {
  const fake = await startFake(handler);
  close = fake.close;
  const client = new ProxmoxClient({
    baseUrl: fake.url,
    token: TOKEN,
    retry: { maxAttempts: 4, baseMs: 5, maxMs: 20 },
    timeoutMs: 500,
    wait: { intervalMs: 5 },
    ...extra,
  });
  return { client, seen: fake.seen };
}

describe('HttpClient against a fake pveproxy', () => {
  it('sends the token header, form bodies on POST and queries on GET', async () => {
    const { client, seen } = await setup((req, res) =>
      ok(res, req.method === 'GET' ? [] : 'UPID:pve1:00000001:00000002:00000003:qmstart:100:x@pve:'),
    );
    await client.cluster.resources('vm');
    await client.request({ method: 'POST', path: '/nodes/pve1/qemu/100/status/start' });
    expect(seen[0]).toMatchObject({ method: 'GET', url: '/api2/json/cluster/resources?type=vm', body: '' });
    expect(seen[0]?.headers.authorization).toBe(`PVEAPIToken=${TOKEN}`);
    expect(seen[1]?.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(seen[1]?.body).toBe('');
    // GETs reuse pooled connections; task-creating POSTs get a fresh one, so a stale pooled
    // socket can never make their outcome ambiguous.
    expect(seen[0]?.headers.connection).toBe('keep-alive');
    expect(seen[1]?.headers.connection).toBe('close');
  });

  it('maps 400 validation errors with the errors map and no secret in the message', async () => {
    const { client } = await setup((_req, res) =>
      fail(res, 400, 'Parameter verification failed.', { errors: { vmid: 'VM 100 already exists' } }),
    );
    const err = await client.cluster.isVmidFree(100);
    expect(err).toBe(false);
    const e = await client
      .request({ method: 'GET', path: '/cluster/nextid', params: { vmid: 100 } })
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProxmoxError);
    expect(e).toMatchObject({
      kind: 'validation',
      status: 400,
      errors: { vmid: 'VM 100 already exists' },
      method: 'GET',
      path: '/cluster/nextid',
    });
    expect(String((e as Error).message)).not.toContain('secret');
  });

  it('prefers the JSON message field and trims it', async () => {
    const { client } = await setup((_req, res) => fail(res, 500, 'Internal', { message: 'VM 100 not running\n' }));
    await expect(client.qemu.status('pve1', 100)).rejects.toMatchObject({
      kind: 'server',
      reason: 'VM 100 not running',
    });
  });

  it('retries a lock error on a POST until it succeeds', async () => {
    const upid = 'UPID:pve1:00000001:00000002:00000003:qmstart:100:x@pve:';
    const { client, seen } = await setup((req, res, n) => {
      if (req.url.includes('/status/start'))
        return n < 3
          ? fail(res, 500, "can't lock file '/var/lock/qemu-server/lock-100.conf' - got timeout")
          : ok(res, upid);
      ok(res, { status: 'stopped', exitstatus: 'OK' });
    });
    await expect(client.qemu.power('pve1', 100, 'start')).resolves.toEqual({ upid, exitstatus: 'OK' });
    expect(seen.filter((s) => s.url.includes('/status/start'))).toHaveLength(3);
  });

  it('retries 503 on GET but not on a task-creating POST', async () => {
    const { client, seen } = await setup((req, res, n) =>
      n === 1 || req.method === 'POST' ? fail(res, 503, 'busy') : ok(res, '105'),
    );
    await expect(client.cluster.nextId()).resolves.toBe(105);
    await expect(
      client.request({ method: 'POST', path: '/nodes/pve1/vzdump', params: { vmid: 1 } }),
    ).rejects.toMatchObject({ status: 503 });
    expect(seen.filter((s) => s.method === 'POST')).toHaveLength(1);
  });

  it('does not re-send a POST whose connection dropped, and says the outcome is unknown', async () => {
    const { client, seen } = await setup((req, res) => (req.method === 'POST' ? res.socket?.destroy() : ok(res, [])));
    const e = await client.qemu.clone('pve1', 9000, { newid: 123 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OutcomeUnknownError);
    expect((e as ProxmoxError).message).toMatch(/outcome unknown/);
    expect(seen).toHaveLength(1);
  });

  it('retries a dropped GET', async () => {
    const { client, seen } = await setup((_req, res, n) =>
      n === 1 ? res.socket?.destroy() : ok(res, { version: '8.4.1', release: '8.4', repoid: 'x' }),
    );
    await expect(client.cluster.version()).resolves.toEqual({ version: '8.4.1', release: '8.4', repoid: 'x' });
    expect(seen).toHaveLength(2);
  });

  it('times out a slow call, retries GETs, and reports kind timeout', async () => {
    const { client, seen } = await setup(() => undefined, {
      timeoutMs: 50,
      retry: { maxAttempts: 2, baseMs: 1, maxMs: 1 },
    });
    await expect(client.cluster.nodes()).rejects.toMatchObject({ kind: 'timeout' });
    expect(seen).toHaveLength(2);
  });

  it('a timed-out task-creating POST is outcome-unknown and not re-sent', async () => {
    const { client, seen } = await setup(() => undefined, { timeoutMs: 50 });
    await expect(client.backups.vzdump('pve1', 100, { storage: 'backup' })).rejects.toBeInstanceOf(OutcomeUnknownError);
    expect(seen).toHaveLength(1);
  });

  it('retries a refused connection even for a POST (it never reached Proxmox)', async () => {
    const client = new ProxmoxClient({
      baseUrl: 'http://127.0.0.1:1',
      token: TOKEN,
      retry: { maxAttempts: 2, baseMs: 1, maxMs: 1 },
    });
    await expect(client.qemu.power('pve1', 100, 'start')).rejects.toMatchObject({ kind: 'network', notSent: true });
  });

  it('sends nothing when aborted before the call, and stops a call aborted on the way', async () => {
    const { client, seen } = await setup(() => undefined);
    const stopped = new Error('stopping');
    // Either way the call rejects with the reason and nothing escapes as an uncaught error (Vitest
    // fails the run on one).
    await expect(client.request({ method: 'GET', path: '/version', signal: AbortSignal.abort(stopped) })).rejects.toBe(
      stopped,
    );
    expect(seen).toHaveLength(0);
    const ac = new AbortController();
    const pending = client.request({ method: 'GET', path: '/version', signal: ac.signal });
    await expect.poll(() => seen.length).toBe(1);
    ac.abort(stopped);
    await expect(pending).rejects.toBe(stopped);
  });

  it('keeps the token secret out of inspected clients', () => {
    const client = new ProxmoxClient({ baseUrl: 'https://pve.example:8006/api2/json', token: TOKEN });
    expect(inspect(client, { depth: 8 })).not.toContain('secret-uuid');
    client.close();
  });
});
