import type { SnapshotList } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import {
  act,
  customerWithInstance,
  done,
  expectError,
  whileBusy,
  whileStatus,
  type Customer,
} from '../../../test/instance-data-helpers.js';

let h: Harness;
let c: Awaited<ReturnType<typeof customerWithInstance>>;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  c = await customerWithInstance(h, 'snap-1');
});
afterAll(() => h.close());

const list = async (u: Customer, id: number) => {
  const r = await call<SnapshotList>(h, 'GET', `/api/instance/snapshots?id=${id}`, { ssid: u.ssid });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const inProxmox = async () => (await c.vm.client.snapshots.list(c.vm.node, c.vm.vmid)).map((s) => s.name).sort();

describe('snapshots', () => {
  it('starts empty (no "current") with the product quota', async () => {
    expect(await list(c.u, c.id)).toEqual({ Quota: 2, Items: [] });
  });

  it('takes snapshots in Proxmox with their descriptions', async () => {
    expect(await done(h, c.u, c.id, 'snapshot/add', { Name: 'clean', Description: 'fresh install' })).toBe(2);
    expect(await inProxmox()).toEqual(['clean']);
    expect((await list(c.u, c.id)).Items).toEqual([
      { Name: 'clean', Description: 'fresh install', CreatedAt: expect.stringMatching(/Z$/) },
    ]);
  });

  it('refuses a name already used, and bad names', async () => {
    const add = (Name: unknown) => act(h, c.u, 'snapshot/add', { Id: c.id, Name });
    expectError(await add('clean'), 400, 'parse_data_error', { Name: 'name_taken' });
    expectError(await add('1st'), 400, 'parse_data_error', { Name: 'invalid_snapshot_name' });
    expectError(await add('with space'), 400, 'parse_data_error', { Name: 'invalid_snapshot_name' });
    expectError(await add('current'), 400, 'parse_data_error', { Name: 'invalid_snapshot_name' });
    expectError(await add('a'.repeat(41)), 400, 'parse_data_error', { Name: 'incorrect_length' });
    expectError(await add(undefined), 400, 'parse_data_error', { Name: 'required' });
    expectError(await act(h, c.u, 'snapshot/restore', { Id: c.id, Name: '-x' }), 400, 'parse_data_error', {
      Name: 'invalid_snapshot_name',
    });
  });

  it('rolls back: a setting changed after the snapshot comes back, the server runs again, its name stays', async () => {
    const before = await c.vm.client.qemu.config(c.vm.node, c.vm.vmid);
    // (The description keeps the VM's marks: a VM without them is not acted on.)
    await c.vm.client.qemu.setConfig(c.vm.node, c.vm.vmid, {
      description: `${before.values.description}\nchanged later`,
      name: 'renamed',
    });
    expect(await done(h, c.u, c.id, 'snapshot/restore', { Name: 'clean' })).toBe(2);
    const after = (await c.vm.client.qemu.config(c.vm.node, c.vm.vmid)).values;
    expect(after.description).toBe(before.values.description);
    expect(after.name).toBe('renamed');
    expect(after.net0).toBe(before.values.net0);
    expect((await c.vm.client.qemu.status(c.vm.node, c.vm.vmid)).status).toBe('running');
  });

  it('refuses a snapshot beyond the quota', async () => {
    expect(await done(h, c.u, c.id, 'snapshot/add', { Name: 'second' })).toBe(2);
    expectError(await act(h, c.u, 'snapshot/add', { Id: c.id, Name: 'third' }), 409, 'quota_exceeded');
    expect(await inProxmox()).toEqual(['clean', 'second']);
  });

  it('deletes a snapshot; an unknown one is not found', async () => {
    expect(await done(h, c.u, c.id, 'snapshot/del', { Name: 'second' })).toBe(2);
    expect(await inProxmox()).toEqual(['clean']);
    expect((await list(c.u, c.id)).Items.map((s) => s.Name)).toEqual(['clean']);
    expectError(await act(h, c.u, 'snapshot/del', { Id: c.id, Name: 'second' }), 404, 'db_no_record');
    expectError(await act(h, c.u, 'snapshot/restore', { Id: c.id, Name: 'second' }), 404, 'db_no_record');
  });

  it('refuses actions while another runs or the instance has no running server', async () => {
    const all = () => [
      act(h, c.u, 'snapshot/add', { Id: c.id, Name: 'busy' }),
      act(h, c.u, 'snapshot/restore', { Id: c.id, Name: 'clean' }),
      act(h, c.u, 'snapshot/del', { Id: c.id, Name: 'clean' }),
    ];
    await whileBusy(h, c, async () => {
      for (const r of await Promise.all(all())) expectError(r, 409, 'wrong_status');
    });
    for (const status of ['creating', 'destroyed'] as const) {
      await whileStatus(h, c.id, status, async () => {
        for (const r of await Promise.all(all())) expectError(r, 409, 'wrong_status');
        expectError(
          await call(h, 'GET', `/api/instance/snapshots?id=${c.id}`, { ssid: c.u.ssid }),
          409,
          'wrong_status',
        );
      });
    }
    expect(await inProxmox()).toEqual(['clean']);
  });

  it("treats another customer's instance as not found", async () => {
    const other = await customerWithInstance(h, 'snap-2');
    expectError(
      await call(h, 'GET', `/api/instance/snapshots?id=${c.id}`, { ssid: other.u.ssid }),
      404,
      'instance_not_exist',
    );
    for (const path of ['snapshot/add', 'snapshot/restore', 'snapshot/del']) {
      expectError(await act(h, other.u, path, { Id: c.id, Name: 'clean' }), 404, 'instance_not_exist');
    }
    // Their own instance has no snapshot of that name: also not found.
    expectError(await act(h, other.u, 'snapshot/restore', { Id: other.id, Name: 'clean' }), 404, 'db_no_record');
    expect(await inProxmox()).toEqual(['clean']);
  });

  it('reads the snapshots in Proxmox with no database transaction open', async () => {
    for (const e of h.emulators.values())
      e.faults.add({ kind: 'latency', latencyMs: 1500, method: 'GET', path: /\/snapshot$/ });
    const asked = act(h, c.u, 'snapshot/del', { Id: c.id, Name: 'never-taken' });
    await new Promise((resolve) => setTimeout(resolve, 700));
    const open = await h.db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_activity
       where datname = current_database() and state like 'idle in transaction%'`,
    );
    expectError(await asked, 404, 'db_no_record');
    for (const e of h.emulators.values()) e.faults.clear();
    expect(open.rows[0]!.n).toBe(0);
  });
});
