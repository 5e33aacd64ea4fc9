import type { BackupList, StaffComputeFindings } from '@nimbus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { expectLedgerBalanced } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { admin } from '../../../test/processes.js';
import { staffTokens } from '../accounts/index.js';
import { act, customerWithInstance, done, expectError } from '../../../test/instance-data-helpers.js';
import { clock } from '../../infra/lib/clock.js';
import { removeVm } from './vm.js';
import { instances } from './repository.js';
import { runRenewals } from '../renewals/index.js';
import { markDescription } from '../../infra/compute/marks.js';
import { reconcile } from '../../infra/compute/reconcile.js';

// The database and the clusters are compared at start and on a schedule. An
// instance whose VM is gone is shown as such, is not renewed (no charge) and is reported to the
// operator; a VM marked as ours that no instance owns is reported, never deleted.

const DAY = 86_400_000;
let h: Harness;
const lines: string[] = [];
beforeAll(async () => {
  // No scheduled renewal or reconcile pass during the test: it runs them itself.
  h = await startHarness(
    {
      AUTH_RATE_LIMIT_SCALE: '50',
      RENEWAL_INTERVAL_SECONDS: '86400',
      RECONCILE_EVERY_SECONDS: '86400',
      LOG_LEVEL: 'warn',
    },
    { compute: {}, log: { write: (line: string) => void lines.push(line) } },
  );
});
afterEach(() => clock.reset());
afterAll(() => h.close());

/** What the operator's `npm run admin -- compute:findings` prints (the real command, on the test's database). */
async function findings(): Promise<string> {
  const r = await admin(['compute:findings'], { DATABASE_URL: h.databaseUrl });
  expect(r.code, r.stderr).toBe(0);
  return r.stdout;
}

/** What the staff API's GET api/staff/compute/findings answers a help desk's token. */
async function staffFindings(): Promise<StaffComputeFindings> {
  const { token } = await staffTokens.create(h.db, 'Helpdesk', ['users']);
  const r = await call<StaffComputeFindings>(h, 'GET', '/api/staff/compute/findings', { token });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

describe('reconcile', { timeout: 60_000 }, () => {
  it('shows an instance whose VM was deleted on the cluster as missing, stops its renewal and tells the operator', async () => {
    const c = await customerWithInstance(h, 'lost-1');
    expect((await act(h, c.u, 'autorenew', { Id: c.id, AutoRenew: true })).status).toBe(200);
    expect(await done(h, c.u, c.id, 'backup/add', { Name: 'kept' })).toBe(2);
    const balance = await expectLedgerBalanced(h, c.u.userId);
    // Someone deletes the VM on the cluster, behind Nimbus's back.
    await removeVm(c.vm);

    await reconcile(h.ctx);
    expect((await instances.get(h.db, c.id))!.vm_missing_since).not.toBeNull();
    // The customer sees it as gone (the instance page's "not exists"), not a 500.
    const status = await call<{ State: string }>(h, 'GET', `/api/instance/status?id=${c.id}`, { ssid: c.u.ssid });
    expect(status.status).toBe(200);
    expect(status.body.data.State).toBe('unknown');
    expect((await call(h, 'GET', `/api/instance/get?id=${c.id}`, { ssid: c.u.ssid })).status).toBe(200);

    // Its backups can still be deleted (that does not touch the VM).
    const backups = await call<BackupList>(h, 'GET', `/api/instance/backups?id=${c.id}`, { ssid: c.u.ssid });
    expect(await done(h, c.u, c.id, 'backup/del', { BackupId: backups.body.data.Items[0]!.Id })).toBe(2);

    // Its renewal comes due: no invoice, no auto-pay, the balance untouched.
    clock.advance(c.row.due_at.getTime() - 6 * DAY - Date.now());
    await runRenewals(h.ctx, clock.now());
    const invoices = await h.db.query(`select 1 from invoices where instance_id = $1 and kind = 'renewal'`, [c.id]);
    expect(invoices.rowCount).toBe(0);
    expect(await expectLedgerBalanced(h, c.u.userId)).toBe(balance);

    // The operator is told: in the log and by the admin command.
    expect(lines.some((l) => l.includes("an instance's VM is gone") && l.includes(`"instance":${c.id}`))).toBe(true);
    expect(await findings()).toMatch(
      new RegExp(`instance ${c.id} \\(lost-1, ${c.u.email.replace(/[.+]/g, '\\$&')}\\) on hk/hk-1, VMID ${c.vm.vmid}`),
    );
    expect((await staffFindings()).Missing).toContainEqual(
      expect.objectContaining({ InstanceId: c.id, Hostname: 'lost-1', Cluster: 'hk/hk-1', Vmid: c.vm.vmid }),
    );
    // A second pass tells no one again.
    expect((await reconcile(h.ctx)).missing).toEqual([]);
  });

  it('reports a VM marked as ours with no instance and leaves it on the cluster', async () => {
    const cluster = h.ctx.compute!.cluster('hk/hk-1')!;
    const template = (await cluster.client.cluster.resources('vm')).find((r) => r.template)!;
    // A VM this installation made for an instance it no longer has (say, a deploy abandoned mid-way).
    await cluster.client.qemu.clone(template.node!, template.vmid!, {
      newid: 15_000,
      full: true,
      storage: cluster.config.storage,
      description: markDescription({ installation: cluster.installation, instance: 987_654 }),
    });
    const report = await reconcile(h.ctx);
    expect(report.orphans).toEqual([{ cluster: 'hk/hk-1', vmid: 15_000, node: template.node, instance: 987_654 }]);
    expect(lines.some((l) => l.includes('has no instance') && l.includes('"vmid":15000'))).toBe(true);
    expect((await staffFindings()).Orphans).toEqual([
      { Cluster: 'hk/hk-1', Vmid: 15_000, Node: template.node, InstanceId: 987_654, Since: expect.any(String) },
    ]);
    // Never deleted: still there after another pass.
    await reconcile(h.ctx);
    expect(h.emulators.get('hk')!.vm(15_000)).toBeDefined();
  });

  it('marks, on an upgrade, the VMs of instances made before marks; an unmarked VM of a newer instance is missing', async () => {
    const old = await customerWithInstance(h, 'old-1');
    const recent = await customerWithInstance(h, 'new-1');
    for (const c of [old, recent])
      await c.vm.client.qemu.updateConfig(c.vm.node, c.vm.vmid, { delete: 'description,tags' });
    await h.db.query(
      `update instances set created_at = (select created_at from installation) - interval '1 day' where id = $1`,
      [old.id],
    );
    expectError(await act(h, old.u, 'stop', { Id: old.id }), 409, 'wrong_status');

    await reconcile(h.ctx);
    expect((await instances.get(h.db, old.id))!.vm_missing_since).toBeNull();
    expect(h.emulators.get('hk')!.vm(old.vm.vmid)!.config.description).toContain(`nimbus-instance: ${old.id}`);
    expect(await done(h, old.u, old.id, 'stop', {})).toBe(2);
    // Made after marks existed: a VM without them is not this instance's.
    expect((await instances.get(h.db, recent.id))!.vm_missing_since).not.toBeNull();
    expectError(await act(h, recent.u, 'stop', { Id: recent.id }), 409, 'wrong_status');
  });
});
