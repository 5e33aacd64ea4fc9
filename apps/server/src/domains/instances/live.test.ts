import type {
  DeployResult,
  GuestOsInfo,
  InstanceFull,
  InstanceLiveStatus,
  InstancePowerList,
  RrdData,
} from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { instances } from './repository.js';

let h: Harness;
beforeAll(async () => {
  // Out of the way: 200 viewers polling flat out through inject can send 100,000 requests in 5 s.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', RATE_LIMIT_PER_MINUTE: '100000000' }, { compute: {} });
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;
const get = <T>(u: Customer | null, url: string) => call<T>(h, 'GET', url, u ? { ssid: u.ssid } : {});

/** Polls `check` until it returns true (ownership caches revalidate every 2 s, at worst 5 s). */
async function eventually(check: () => Promise<boolean>, timeoutMs = 8_000) {
  const until = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 100));
  }
}

let owner: Customer;
let other: Customer;
let hk: DeployResult;
let productId: number;
let templateId: number;

async function deployOne(u: Customer, region: string, hostname: string): Promise<DeployResult> {
  const { product, templates } = await pick(h, u.ssid, region, 'Standard', '1 vCPU · 1 GB');
  productId = product.Id;
  templateId = templates[0]!.Id;
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: u.ssid,
    body: deployBody(product.Id, templates[0]!.Id, { Hostnames: [hostname] }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await waitTask(h, u.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
  return r.body.data;
}

/** An instance row without a VM behind it (as while it is created), on a region's cluster. */
async function withoutVm(u: Customer, status: 'creating' | 'available', vmid: number | null, cluster = 'hk/hk-1') {
  const row = await instances.create(h.db, {
    userId: u.userId,
    productId,
    imageId: templateId,
    regionId: (await h.db.query<{ id: number }>("select id from regions where name = 'Hong Kong'")).rows[0]!.id,
    cluster,
    hostname: `novm-${vmid ?? 'none'}`,
    username: 'root',
    cycle: 'monthly',
    months: 1,
    price: 500,
    currency: 'USD',
    autoRenew: false,
  });
  await instances.setStatus(h.db, row.id, status);
  if (vmid !== null) await instances.place(h.db, row.id, { node: 'hk-pve1', vmid });
  return row.id;
}

/** Starts or stops the VM of the owner's Hong Kong instance on its cluster, as the hypervisor would. */
async function powerHk(action: 'start' | 'stop') {
  const { rows } = await h.db.query<{ node: string; vmid: number }>('select node, vmid from instances where id = $1', [
    hk.InstanceId,
  ]);
  await h.ctx.compute!.cluster('hk/hk-1')!.client.qemu.power(rows[0]!.node, rows[0]!.vmid, action);
}

beforeAll(async () => {
  owner = await signUp(h);
  other = await signUp(h);
  await topUp(h, owner.userId, 100_000);
  hk = await deployOne(owner, 'Hong Kong', 'live-1');
}, 60_000);

describe('GET api/instance', () => {
  it('answers the detail with the product, renewal price and addresses', async () => {
    const r = await get<InstanceFull>(owner, `/api/instance?id=${hk.InstanceId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const d = r.body.data;
    expect(d).toMatchObject({
      Id: hk.InstanceId,
      Hostname: 'live-1',
      Status: 'available',
      Iso: null,
      RenewPrice: 500,
      ReverseDns: null,
      Product: {
        Id: productId,
        Name: '1 vCPU · 1 GB',
        Description: '<p>For personal sites, bots and test boxes.</p>',
        BackupQuota: 2,
        SnapshotQuota: 2,
      },
    });
    expect(d.IpAddress).toMatch(/^203\.0\.113\.\d+$/);
    expect(d.AssignedIps).toEqual([d.IpAddress]);
  });

  it('names a mounted ISO from the VM’s CD-ROM drives', async () => {
    const { rows } = await h.db.query<{ node: string; vmid: number }>(
      'select node, vmid from instances where id = $1',
      [hk.InstanceId],
    );
    const client = h.ctx.compute!.cluster('hk/hk-1')!.client;
    await client.qemu.setConfig(rows[0]!.node, rows[0]!.vmid, { ide0: 'local:iso/rescue-1.2.iso,media=cdrom' });
    try {
      const r = await get<InstanceFull>(owner, `/api/instance?id=${hk.InstanceId}`);
      expect(r.body.data.Iso).toBe('rescue-1.2.iso');
    } finally {
      await client.qemu.setConfig(rows[0]!.node, rows[0]!.vmid, { delete: 'ide0' });
    }
  });

  it('is 404 for another customer’s id, 400 for a bad id, and works without a VM', async () => {
    expect((await get(other, `/api/instance?id=${hk.InstanceId}`)).body).toMatchObject({ code: 'instance_not_exist' });
    expect((await get(other, `/api/instance?id=${hk.InstanceId}`)).status).toBe(404);
    const bad = await get(owner, '/api/instance?id=abc');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'wrong_search_data', fields: { id: expect.any(String) } });
    const creating = await withoutVm(owner, 'creating', null);
    const r = await get<InstanceFull>(owner, `/api/instance?id=${creating}`);
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ Status: 'creating', Iso: null, AssignedIps: [], IpAddress: null });
  });
});

describe('GET api/instance/status', () => {
  it('answers the running VM’s counters with the sample time', async () => {
    const r = await get<InstanceLiveStatus>(owner, `/api/instance/status?id=${hk.InstanceId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const s = r.body.data;
    expect(s).toMatchObject({ Name: 'live-1', State: 'running', Cpus: 1, Maxmem: 1024 * 1024 * 1024 });
    expect(s.Cpu).toBeGreaterThan(0);
    expect(s.Cpu).toBeLessThanOrEqual(1);
    expect(s.Mem).toBeGreaterThan(0);
    expect(Math.abs(s.Time - Date.now())).toBeLessThan(60_000);
    // Counters grow between two samples of the cache.
    await eventually(async () => {
      const next = (await get<InstanceLiveStatus>(owner, `/api/instance/status?id=${hk.InstanceId}`)).body.data;
      return next.Time > s.Time && next.Netin > s.Netin && next.Uptime >= s.Uptime;
    });
  });

  it('says paused when the instance is paused and its VM runs', async () => {
    await instances.setStatus(h.db, hk.InstanceId, 'paused');
    try {
      await eventually(
        async () =>
          (await get<InstanceLiveStatus>(owner, `/api/instance/status?id=${hk.InstanceId}`)).body.data.State ===
          'paused',
      );
    } finally {
      await instances.setStatus(h.db, hk.InstanceId, 'available');
    }
  });

  it('answers unknown with zeros when there is no VM', async () => {
    const creating = await withoutVm(owner, 'creating', null);
    const gone = await withoutVm(owner, 'available', 99_999);
    for (const id of [creating, gone]) {
      const r = await get<InstanceLiveStatus>(owner, `/api/instance/status?id=${id}`);
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ State: 'unknown', Cpu: 0, Mem: 0, Netin: 0, Netout: 0, Uptime: 0 });
    }
  });

  it('refuses a bad id, another customer’s id and a caller without a session', async () => {
    const bad = await get(owner, '/api/instance/status?id=0');
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ code: 'wrong_search_data', fields: { id: expect.any(String) } });
    const theirs = await get(other, `/api/instance/status?id=${hk.InstanceId}`);
    expect(theirs.status).toBe(404);
    expect(theirs.body).toMatchObject({ code: 'instance_not_exist' });
    expect((await get(other, '/api/instance/status?id=987654')).status).toBe(404);
    const anonymous = await get(null, `/api/instance/status?id=${hk.InstanceId}`);
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ code: 'need_login' });
    const forged = await call(h, 'GET', `/api/instance/status?id=${hk.InstanceId}`, { ssid: 'not-a-session' });
    expect(forged.body).toMatchObject({ code: 'invalid_session' });
  });

  it('stops serving an instance soon after it changes hands, and a session after sign-out', async () => {
    const third = await signUp(h);
    const id = await withoutVm(owner, 'available', 99_998);
    expect((await get(owner, `/api/instance/status?id=${id}`)).status).toBe(200);
    await h.db.query('update instances set user_id = $2 where id = $1', [id, third.userId]);
    await eventually(async () => (await get(owner, `/api/instance/status?id=${id}`)).status === 404);
    expect((await get(third, `/api/instance/status?id=${id}`)).status).toBe(200);
    expect((await call(h, 'POST', '/api/logout', { ssid: third.ssid })).status).toBe(200);
    await eventually(async () => (await get(third, `/api/instance/status?id=${id}`)).status === 401);
  });

  it('answers 502 get_instance_error while Proxmox cannot be asked, and recovers', async () => {
    const emulator = h.emulators.get('us')!;
    const id = await withoutVm(owner, 'available', 99_996, 'us/us-1');
    emulator.faults.add({ method: 'GET', path: /^\/cluster\/resources$/, kind: 'http-503', times: Infinity });
    try {
      const r = await get(owner, `/api/instance/status?id=${id}`);
      expect(r.status).toBe(502);
      expect(r.body).toMatchObject({ code: 'get_instance_error' });
      // The guest OS is "not available", never an error; usage history says it failed.
      const os = await get<GuestOsInfo>(owner, `/api/instance/agent/osinfo?id=${id}`);
      expect(os.status).toBe(200);
      expect(os.body.data.Available).toBe(false);
      expect((await get(owner, `/api/instance/rrd?id=${id}`)).status).toBe(502);
    } finally {
      emulator.faults.clear();
    }
    await eventually(async () => (await get(owner, `/api/instance/status?id=${id}`)).status === 200);
  }, 30_000);

  it('asks Proxmox once per 2 s per cluster, however many viewers poll', async () => {
    const emulator = h.emulators.get('hk')!;
    const viewers = await Promise.all(Array.from({ length: 4 }, () => signUp(h)));
    const ids: { u: Customer; id: number }[] = [];
    for (const [i, u] of viewers.entries()) {
      for (let k = 0; k < 5; k++) ids.push({ u, id: await withoutVm(u, 'available', 90_000 + i * 10 + k) });
    }
    ids.push({ u: owner, id: hk.InstanceId });
    const before = emulator.requestCount('GET /cluster/resources');
    const started = Date.now();
    let answered = 0;
    // 200 viewers of 21 instances on one cluster, each polling as fast as it can for about 5 s.
    await Promise.all(
      Array.from({ length: 200 }, async (_, v) => {
        const { u, id } = ids[v % ids.length]!;
        while (Date.now() - started < 5_000) {
          const r = await get<InstanceLiveStatus>(u, `/api/instance/status?id=${id}`);
          expect(r.status).toBe(200);
          answered++;
        }
      }),
    );
    const elapsed = Date.now() - started;
    const calls = emulator.requestCount('GET /cluster/resources') - before;
    expect(answered).toBeGreaterThan(1_000);
    expect(calls).toBeGreaterThanOrEqual(1);
    expect(calls).toBeLessThanOrEqual(Math.ceil(elapsed / 2_000) + 1);
  }, 30_000);
});

describe('where the disk lives', () => {
  it('is the operator’s: no customer read names the storage pool, nor does the API description', async () => {
    const pool = h.ctx.compute!.cluster('hk/hk-1')!.config.storage;
    expect(pool).toBe('ceph-vm');
    for (const url of [
      `/api/instance?id=${hk.InstanceId}`,
      `/api/instance/get?id=${hk.InstanceId}`,
      `/api/instance/status?id=${hk.InstanceId}`,
      `/api/instances?limit=20`,
      `/api/instances/power`,
    ]) {
      const r = await get(owner, url);
      expect(r.status, url).toBe(200);
      expect(JSON.stringify(r.body), url).not.toContain(pool);
      expect(JSON.stringify(r.body), url).not.toMatch(/"Storage"/);
    }
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{
      components: { schemas: Record<string, { properties?: object; description?: string }> };
    }>();
    expect(Object.keys(doc.components.schemas.InstanceFull!.properties ?? {})).not.toContain('Storage');
    expect(JSON.stringify(doc)).not.toContain(pool);
  });
});

describe('GET api/instance/rrd', () => {
  it('answers usage history as rates, by timeframe', async () => {
    for (const timeframe of ['hour', 'day', 'week', 'month', 'year']) {
      const r = await get<RrdData>(owner, `/api/instance/rrd?id=${hk.InstanceId}&timeframe=${timeframe}&cf=AVERAGE`);
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      expect(r.body.data.length).toBeGreaterThan(10);
      const last = r.body.data.at(-1)!;
      expect(last.Time).toBeGreaterThan(1_700_000_000);
    }
    const day = (await get<RrdData>(owner, `/api/instance/rrd?id=${hk.InstanceId}`)).body.data;
    expect(day.some((p) => p.Cpu !== null && p.Netin !== null)).toBe(true);
  });

  it('refuses bad queries and another customer’s id; no VM has no history', async () => {
    const bad = await get(owner, `/api/instance/rrd?id=${hk.InstanceId}&timeframe=decade&cf=MIN`);
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'wrong_search_data',
      fields: { timeframe: 'invalid_value', cf: 'invalid_value' },
    });
    expect((await get(other, `/api/instance/rrd?id=${hk.InstanceId}`)).status).toBe(404);
    const creating = await withoutVm(owner, 'creating', null);
    expect((await get<RrdData>(owner, `/api/instance/rrd?id=${creating}`)).body.data).toEqual([]);
  });
});

describe('GET api/instance/agent/osinfo', () => {
  it('answers what the guest agent reports, and Available false once the VM stops', async () => {
    const r = await get<GuestOsInfo>(owner, `/api/instance/agent/osinfo?id=${hk.InstanceId}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      Available: true,
      Name: 'Debian GNU/Linux',
      PrettyName: 'Debian GNU/Linux 12 (bookworm)',
      KernelRelease: expect.stringMatching(/^6\./),
      Machine: 'x86_64',
    });
    await powerHk('stop');
    try {
      await eventually(async () => {
        const s = await get<InstanceLiveStatus>(owner, `/api/instance/status?id=${hk.InstanceId}`);
        return s.body.data.State === 'stopped';
      });
      const stopped = await get<GuestOsInfo>(owner, `/api/instance/agent/osinfo?id=${hk.InstanceId}`);
      expect(stopped.status).toBe(200);
      expect(stopped.body.data).toEqual({
        Available: false,
        Name: null,
        PrettyName: null,
        Version: null,
        KernelRelease: null,
        Machine: null,
      });
    } finally {
      await powerHk('start');
    }
  });

  it('refuses bad ids and another customer’s id; no VM is not available', async () => {
    expect((await get(owner, '/api/instance/agent/osinfo')).status).toBe(400);
    expect((await get(other, `/api/instance/agent/osinfo?id=${hk.InstanceId}`)).status).toBe(404);
    const gone = await withoutVm(owner, 'available', 99_997);
    const r = await get<GuestOsInfo>(owner, `/api/instance/agent/osinfo?id=${gone}`);
    expect(r.status).toBe(200);
    expect(r.body.data.Available).toBe(false);
  });
});

describe('GET api/instances/power', () => {
  it('answers the power state of each of the caller’s instances with a VM, and follows a stop', async () => {
    const creating = await withoutVm(owner, 'creating', null);
    // Running (once the cache has seen the restart of the test before).
    await eventually(async () =>
      (await get<InstancePowerList>(owner, '/api/instances/power')).body.data.some(
        (p) => p.Id === hk.InstanceId && p.State === 'running',
      ),
    );
    const r = await get<InstancePowerList>(owner, '/api/instances/power');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toContainEqual({ Id: hk.InstanceId, State: 'running' });
    expect(r.body.data.map((p) => p.Id)).not.toContain(creating);
    // Another customer sees none of them; a caller without a session is refused.
    const theirs = await get<InstancePowerList>(other, '/api/instances/power');
    expect(theirs.status).toBe(200);
    expect(theirs.body.data).toEqual([]);
    expect((await get(null, '/api/instances/power')).status).toBe(401);

    await powerHk('stop');
    try {
      await eventually(async () =>
        (await get<InstancePowerList>(owner, '/api/instances/power')).body.data.some(
          (p) => p.Id === hk.InstanceId && p.State === 'stopped',
        ),
      );
    } finally {
      await powerHk('start');
    }
  });

  it('reads each cluster once, however many instances, and says unknown while Proxmox cannot be asked', async () => {
    const us = h.emulators.get('us')!;
    const viewer = await signUp(h);
    const ids: number[] = [];
    for (let k = 0; k < 6; k++) ids.push(await withoutVm(viewer, 'available', 80_000 + k, 'us/us-1'));
    const before = us.requestCount('GET /cluster/resources');
    const r = await get<InstancePowerList>(viewer, '/api/instances/power');
    expect(r.body.data.map((p) => p.Id).sort()).toEqual([...ids].sort());
    expect(us.requestCount('GET /cluster/resources') - before).toBeLessThanOrEqual(1);

    const hkEmulator = h.emulators.get('hk')!;
    const stateOfHk = async () => {
      const list = await get<InstancePowerList>(owner, '/api/instances/power');
      expect(list.status).toBe(200);
      return list.body.data.find((p) => p.Id === hk.InstanceId)?.State;
    };
    await eventually(async () => (await stateOfHk()) === 'running');
    hkEmulator.faults.add({ method: 'GET', path: /^\/cluster\/resources$/, kind: 'http-503', times: Infinity });
    try {
      // Once the last good snapshot is too old to serve, the list still answers, without a state.
      await eventually(async () => (await stateOfHk()) === 'unknown', 15_000);
    } finally {
      hkEmulator.faults.clear();
    }
    await eventually(async () => (await stateOfHk()) === 'running', 15_000);
  }, 40_000);
});
