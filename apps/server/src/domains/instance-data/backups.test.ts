import type { BackupList } from '@nimbus/contract';
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
import { backups } from './backups-repository.js';
import { removeInstanceBackups } from './backups.js';

let h: Harness;
let c: Awaited<ReturnType<typeof customerWithInstance>>;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  c = await customerWithInstance(h, 'bk-1');
});
afterAll(() => h.close());

const list = async (u: Customer, id: number) => {
  const r = await call<BackupList>(h, 'GET', `/api/instance/backups?id=${id}`, { ssid: u.ssid });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
};
const archives = async () => {
  const storage = h.ctx.compute!.cluster(c.row.cluster)!.config.backupStorage;
  return c.vm.client.backups.listContent(c.vm.node, storage, { vmid: c.vm.vmid });
};
const config = async () => (await c.vm.client.qemu.config(c.vm.node, c.vm.vmid)).values;

describe('backups', () => {
  it('starts empty with the product quota', async () => {
    expect(await list(c.u, c.id)).toEqual({ Quota: 2, Items: [] });
  });

  it('backs up to the backup storage with the description as notes, newest first', async () => {
    expect(await done(h, c.u, c.id, 'backup/add', { Name: 'first', Description: 'before the upgrade' })).toBe(2);
    expect(await done(h, c.u, c.id, 'backup/add', { Name: 'second' })).toBe(2);
    const l = await list(c.u, c.id);
    expect(l.Items).toEqual([
      {
        Id: expect.any(Number),
        Name: 'second',
        Description: '',
        Size: expect.any(Number),
        Status: 'ready',
        CreatedAt: expect.stringMatching(/Z$/),
      },
      expect.objectContaining({ Name: 'first', Description: 'before the upgrade', Status: 'ready' }),
    ]);
    expect(l.Items[0]!.Size).toBeGreaterThan(0);
    // The browser never sees where the archive lives.
    expect(JSON.stringify(l)).not.toMatch(/vzdump|volid|:backup\//);
    const stored = await archives();
    expect(stored).toHaveLength(2);
    expect(stored.map((a) => a.notes).sort()).toEqual(['before the upgrade', 'second']);
    const row = (await backups.get(h.db, l.Items[1]!.Id))!;
    expect(stored.find((a) => a.volid === row.volid)?.size).toBe(l.Items[1]!.Size);
  });

  it('refuses a backup beyond the quota', async () => {
    expectError(await act(h, c.u, 'backup/add', { Id: c.id, Name: 'third' }), 409, 'quota_exceeded');
    expect((await list(c.u, c.id)).Items).toHaveLength(2);
  });

  it('restores the data over the VM, keeping its name, network and power state', async () => {
    const backup = (await list(c.u, c.id)).Items.find((b) => b.Name === 'first')!;
    const before = await config();
    // Changed after the backup: a setting that comes back, and the hostname that stays.
    // (The description keeps the VM's marks: a VM without them is not acted on.)
    await c.vm.client.qemu.setConfig(c.vm.node, c.vm.vmid, {
      description: `${before.description}\nchanged later`,
      name: 'renamed',
    });
    expect(await done(h, c.u, c.id, 'backup/restore', { BackupId: backup.Id })).toBe(2);
    const after = await config();
    expect(after.description).toBe(before.description);
    expect(after.name).toBe('renamed');
    expect([after.net0, after.ipconfig0, after.memory]).toEqual([before.net0, before.ipconfig0, before.memory]);
    expect((await c.vm.client.qemu.status(c.vm.node, c.vm.vmid)).status).toBe('running');
    expect((await list(c.u, c.id)).Items.find((b) => b.Id === backup.Id)?.Status).toBe('ready');
    const options = await c.vm.client.firewall.getOptions(c.vm.node, c.vm.vmid);
    expect([options.ipfilter, options.macfilter]).toEqual([true, true]);
  });

  it('deletes a backup from the storage and the list', async () => {
    const [newest] = (await list(c.u, c.id)).Items;
    expect(await done(h, c.u, c.id, 'backup/del', { BackupId: newest!.Id })).toBe(2);
    expect((await list(c.u, c.id)).Items.map((b) => b.Name)).toEqual(['first']);
    expect(await archives()).toHaveLength(1);
    expectError(await act(h, c.u, 'backup/del', { Id: c.id, BackupId: newest!.Id }), 404, 'db_no_record');
    expectError(await act(h, c.u, 'backup/restore', { Id: c.id, BackupId: newest!.Id }), 404, 'db_no_record');
  });

  it('refuses bad bodies with the field at fault', async () => {
    expectError(await act(h, c.u, 'backup/add', { Id: c.id }), 400, 'parse_data_error', { Name: 'required' });
    expectError(await act(h, c.u, 'backup/add', { Id: c.id, Name: '   ' }), 400, 'parse_data_error', {
      Name: 'required',
    });
    expectError(await act(h, c.u, 'backup/add', { Id: c.id, Name: 'x'.repeat(65) }), 400, 'parse_data_error', {
      Name: 'incorrect_length',
    });
    expectError(await act(h, c.u, 'backup/restore', { Id: c.id }), 400, 'parse_data_error', {
      BackupId: 'invalid_value',
    });
    expectError(await act(h, c.u, 'backup/del', { Id: c.id, BackupId: 'x' }), 400, 'parse_data_error', {
      BackupId: 'invalid_value',
    });
  });

  it('refuses actions while another runs or the instance has no running server', async () => {
    const [b] = (await list(c.u, c.id)).Items;
    const all = () => [
      act(h, c.u, 'backup/add', { Id: c.id, Name: 'busy' }),
      act(h, c.u, 'backup/restore', { Id: c.id, BackupId: b!.Id }),
      act(h, c.u, 'backup/del', { Id: c.id, BackupId: b!.Id }),
    ];
    await whileBusy(h, c, async () => {
      for (const r of await Promise.all(all())) expectError(r, 409, 'wrong_status');
    });
    for (const status of ['creating', 'destroyed'] as const) {
      await whileStatus(h, c.id, status, async () => {
        for (const r of await Promise.all(all())) expectError(r, 409, 'wrong_status');
      });
    }
    // A backup busy with another task cannot be restored or deleted.
    await backups.update(h.db, b!.Id, { status: 'creating' });
    expectError(await act(h, c.u, 'backup/restore', { Id: c.id, BackupId: b!.Id }), 409, 'wrong_status');
    expectError(await act(h, c.u, 'backup/del', { Id: c.id, BackupId: b!.Id }), 409, 'wrong_status');
    await backups.update(h.db, b!.Id, { status: 'ready' });
    expect((await list(c.u, c.id)).Items).toHaveLength(1);
  });

  it("treats another customer's instance and backups as not found", async () => {
    const other = await customerWithInstance(h, 'bk-2');
    const [mine] = (await list(c.u, c.id)).Items;
    expectError(
      await call(h, 'GET', `/api/instance/backups?id=${c.id}`, { ssid: other.u.ssid }),
      404,
      'instance_not_exist',
    );
    expectError(await act(h, other.u, 'backup/add', { Id: c.id, Name: 'theirs' }), 404, 'instance_not_exist');
    for (const path of ['backup/restore', 'backup/del']) {
      // Their instance, my backup; my instance, my backup as them.
      expectError(await act(h, other.u, path, { Id: other.id, BackupId: mine!.Id }), 404, 'db_no_record');
      expectError(await act(h, other.u, path, { Id: c.id, BackupId: mine!.Id }), 404, 'instance_not_exist');
    }
    // My backup named with my other instance is not found either.
    expect(await done(h, other.u, other.id, 'backup/add', { Name: 'theirs' })).toBe(2);
    const [theirs] = (await list(other.u, other.id)).Items;
    expectError(await act(h, c.u, 'backup/restore', { Id: c.id, BackupId: theirs!.Id }), 404, 'db_no_record');
    expect((await list(c.u, c.id)).Items).toHaveLength(1);
  });
});

describe('when an instance goes', () => {
  it('destroying it removes its backups from the storage and the list', async () => {
    const gone = await customerWithInstance(h, 'bk-3');
    expect(await done(h, gone.u, gone.id, 'backup/add', { Name: 'last' })).toBe(2);
    expect(await done(h, gone.u, gone.id, 'destroy', { Hostname: 'bk-3' })).toBe(2);
    const storage = h.ctx.compute!.cluster(gone.row.cluster)!.config.backupStorage;
    expect(await gone.vm.client.backups.listContent(gone.vm.node, storage, { vmid: gone.vm.vmid })).toEqual([]);
    expect((await h.db.query('select 1 from backups where instance_id = $1', [gone.id])).rowCount).toBe(0);
    // Again (a resumed destroy): nothing left to do.
    await removeInstanceBackups(h.ctx, gone.row);
  });
});

describe('a failed backup', () => {
  it('keeps its place in the quota with the archive it left, which deleting it removes', async () => {
    const f = await customerWithInstance(h, 'bk-4');
    const hk = h.emulators.get('hk')!;
    const stored = async () => {
      const storage = h.ctx.compute!.cluster(f.row.cluster)!.config.backupStorage;
      return f.vm.client.backups.listContent(f.vm.node, storage, { vmid: f.vm.vmid });
    };
    // vzdump writes the archive, then Proxmox will not show the task's log nor the storage's content:
    // the backups fail after the fact, and nobody can tell then which archive each left.
    hk.faults.add({
      kind: 'http-500',
      method: 'GET',
      path: /\/tasks\/[^/]+\/log$/,
      times: Infinity,
      message: 'no log',
    });
    hk.faults.add({ kind: 'http-500', method: 'GET', path: /\/content$/, times: Infinity, message: 'storage offline' });
    expect(await done(h, f.u, f.id, 'backup/add', { Name: 'broken' })).toBe(5);
    expect(await done(h, f.u, f.id, 'backup/add', { Name: 'broken again' })).toBe(5);
    hk.faults.clear();
    const failed = (await list(f.u, f.id)).Items;
    expect(failed.map((b) => b.Status)).toEqual(['failed', 'failed']);
    // Both left an archive: they hold the quota (2), so no third backup is made beside them.
    expect(await stored()).toHaveLength(2);
    expectError(await act(h, f.u, 'backup/add', { Id: f.id, Name: 'third' }), 409, 'quota_exceeded');
    // Deleting a failed backup removes its archive and frees its place.
    expect(await done(h, f.u, f.id, 'backup/del', { BackupId: failed[0]!.Id })).toBe(2);
    expect((await stored()).map((a) => a.notes)).toEqual(['broken']);
    expect(await done(h, f.u, f.id, 'backup/add', { Name: 'works' })).toBe(2);
    // Destroying the instance removes every archive, the other failed backup's too.
    expect(await done(h, f.u, f.id, 'destroy', { Hostname: 'bk-4' })).toBe(2);
    expect(await stored()).toEqual([]);
  });
});
