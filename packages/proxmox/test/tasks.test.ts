import { afterEach, describe, expect, it } from 'vitest';
import { isTaskSuccess, ProxmoxClient, TaskFailedError, TaskTimeoutError } from '../src/index.js';
import { ok, startFake, type Handler, type Seen } from './fake-server.js';

const UPID = 'UPID:pve2:00000001:00000002:66A1B2C3:qmclone:9000:nimbus@pve!test:';
let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

async function setup(handler: Handler): Promise<{ client: ProxmoxClient; seen: Seen[] }> {
  const fake = await startFake(handler);
  close = fake.close;
  return {
    client: new ProxmoxClient({
      baseUrl: fake.url,
      token: 'a@pve!b=c',
      retry: { maxAttempts: 2, baseMs: 1, maxMs: 1 },
    }),
    seen: fake.seen,
  };
}

describe('waitTask', () => {
  it('classifies exit statuses like the Proxmox GUI', () => {
    expect(isTaskSuccess('OK')).toBe(true);
    expect(isTaskSuccess('WARNINGS: 2')).toBe(true);
    expect(isTaskSuccess('clone failed: x')).toBe(false);
    expect(isTaskSuccess(undefined)).toBe(false);
  });

  it('polls the node named in the UPID until stopped, and reports warnings', async () => {
    const { client, seen } = await setup((_req, res, n) =>
      ok(res, n < 3 ? { status: 'running' } : { status: 'stopped', exitstatus: 'WARNINGS: 2' }),
    );
    await expect(client.waitTask('pve1', UPID, { intervalMs: 5 })).resolves.toEqual({
      upid: UPID,
      exitstatus: 'WARNINGS: 2',
      warnings: 2,
    });
    expect(seen).toHaveLength(3);
    expect(seen[0]?.url).toBe(`/api2/json/nodes/pve2/tasks/${encodeURIComponent(UPID)}/status`);
  });

  it('throws TaskFailedError with the task log', async () => {
    const { client, seen } = await setup((req, res) =>
      req.url.includes('/log')
        ? ok(res, [
            { n: 1, t: 'create full clone' },
            { n: 2, t: "TASK ERROR: clone failed: can't lock file" },
          ])
        : ok(res, { status: 'stopped', exitstatus: "clone failed: can't lock file" }),
    );
    const e = await client.waitTask('pve2', UPID, { intervalMs: 5 }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TaskFailedError);
    expect(e).toMatchObject({
      upid: UPID,
      exitstatus: "clone failed: can't lock file",
      log: ['create full clone', "TASK ERROR: clone failed: can't lock file"],
    });
    expect(seen[1]?.url).toContain('/log?start=0&limit=500');
  });

  it('gives up after timeoutMs and honours an abort signal', async () => {
    const { client } = await setup((_req, res) => ok(res, { status: 'running' }));
    await expect(client.waitTask('pve2', UPID, { intervalMs: 5, timeoutMs: 30 })).rejects.toBeInstanceOf(
      TaskTimeoutError,
    );
    const ac = new AbortController();
    const p = client.waitTask('pve2', UPID, { intervalMs: 1000, signal: ac.signal });
    setTimeout(() => ac.abort(new Error('user cancelled')), 20);
    await expect(p).rejects.toThrow('user cancelled');
  });

  it('resolves at once when an async config change finished within background_delay (null)', async () => {
    const { client, seen } = await setup((_req, res) => ok(res, null));
    await expect(client.qemu.updateConfig('pve1', 100, { cores: 2 })).resolves.toEqual({ upid: '', exitstatus: 'OK' });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.body).toBe('cores=2');
  });
});
