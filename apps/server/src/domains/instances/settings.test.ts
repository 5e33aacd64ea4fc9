import type { UpgradeOptions } from '@nimbus/contract';
import { PASSWORD_STEP, UPGRADE_STEP, type InstanceDetail } from '@nimbus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { expectLedgerBalanced, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { act, customer, deployed, done, rowOf, vmOf } from '../../../test/action-test-kit.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
});
afterEach(() => {
  for (const e of h.emulators.values()) e.faults.clear();
});
afterAll(() => h.close());

const jp = () => h.emulators.get('jp')!;
const detail = async (u: { ssid: string }, id: number) =>
  (await call<InstanceDetail>(h, 'GET', `/api/instance/get?id=${id}`, { ssid: u.ssid })).body.data;

describe('password', () => {
  it('goes through the guest agent when the VM runs, cloud-init when it is stopped', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id, row } = await deployed(h, u);
    expect(jp().guestLogin(row.vmid!, 'ada', 'correct horse battery')).toBe(true);
    expect(await done(h, u, 'password', { Id: id, Password: 'new secret 123' })).toEqual({
      Status: 2,
      Step: PASSWORD_STEP.agent,
    });
    expect(jp().guestLogin(row.vmid!, 'ada', 'new secret 123')).toBe(true);
    expect(jp().guestLogin(row.vmid!, 'ada', 'correct horse battery')).toBe(false);
    // The password left the task's state.
    const t = await h.db.query(`select state from tasks where instance_id = $1 and kind = 'password'`, [id]);
    expect(JSON.stringify(t.rows)).not.toContain('new secret 123');

    await done(h, u, 'stop', { Id: id, Force: true });
    // Stopped: cloud-init takes it, and the guest has it from the next boot.
    expect(await done(h, u, 'password', { Id: id, Password: 'at boot 4567' })).toEqual({
      Status: 2,
      Step: PASSWORD_STEP.cloudInit,
    });
    await done(h, u, 'start', { Id: id });
    expect(jp().guestLogin(row.vmid!, 'ada', 'at boot 4567')).toBe(true);

    const short = await act(h, u, 'password', { Id: id, Password: 'short' });
    expect([short.status, short.body.fields]).toEqual([400, { Password: 'password_too_short' }]);
    const none = await act(h, u, 'password', { Id: id });
    expect(none.body.fields).toEqual({ Password: 'required' });
    expect((await act(h, other, 'password', { Id: id, Password: 'their pass 123' })).status).toBe(404);
  });
});

describe('network', () => {
  it('renames the VM and stores the reverse DNS name', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id, row } = await deployed(h, u);
    expect(await done(h, u, 'network', { Id: id, Hostname: 'db-2', ReverseDns: 'db2.example.com' })).toMatchObject({
      Status: 2,
    });
    expect(vmOf(h, row).config.name).toBe('db-2');
    expect(await rowOf(h, id)).toMatchObject({ hostname: 'db-2', reverse_dns: 'db2.example.com' });
    const bad = await act(h, u, 'network', { Id: id, Hostname: '9bad', ReverseDns: 'not a name' });
    expect([bad.status, bad.body.fields]).toEqual([
      400,
      { Hostname: 'invalid_hostname', ReverseDns: 'invalid_hostname' },
    ]);
    expect((await act(h, other, 'network', { Id: id, Hostname: 'theirs' })).status).toBe(404);
    // An empty reverse DNS name clears it.
    await done(h, u, 'network', { Id: id, Hostname: 'db-2', ReverseDns: '' });
    expect((await rowOf(h, id)).reverse_dns).toBeNull();
  });
});

describe('recreate', () => {
  it('reinstalls from another image with new credentials, same VMID and address', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id, row, templates } = await deployed(h, u);
    expect(vmOf(h, row).osPrettyName).toMatch(/Debian/);
    const ubuntu = templates.find((t) => /Ubuntu/.test(t.Name))!;
    const r = await act(h, u, 'recreate', {
      Id: id,
      TemplateId: ubuntu.Id,
      Username: 'grace',
      Password: 'fresh pass 99',
      Start: true,
    });
    expect(r.status).toBe(200);
    expect((await rowOf(h, id)).status).toBe('recreating');
    // Nothing else runs meanwhile.
    expect((await act(h, u, 'stop', { Id: id })).body.code).toBe('wrong_status');
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: r.body.data }, 30_000)).toEqual({ Status: 2, Step: 4 });
    const after = await rowOf(h, id);
    expect(after).toMatchObject({
      status: 'available',
      vmid: row.vmid,
      ip_address: row.ip_address,
      image_id: ubuntu.Id,
      username: 'grace',
    });
    const vm = vmOf(h, row);
    expect(vm.osPrettyName).toMatch(/Ubuntu 24\.04/);
    expect(vm.status).toBe('running');
    expect(vm.config).toMatchObject({ ciuser: 'grace', cores: '1', memory: '1024' });
    expect(vm.config.scsi0).toContain('size=25G');
    expect(vm.config.ipconfig0).toContain(`ip=${row.ip_address}/24`);
    expect(jp().guestLogin(row.vmid!, 'grace', 'fresh pass 99')).toBe(true);
    const detail = await call<{ ImageName: string }>(h, 'GET', `/api/instance/get?id=${id}`, { ssid: u.ssid });
    expect(detail.body.data.ImageName).toBe(ubuntu.Name);

    // Without Start, the new VM stays stopped.
    expect(
      await done(h, u, 'recreate', {
        Id: id,
        TemplateId: templates[0]!.Id,
        Username: 'ada',
        Password: 'x1234567',
        Start: false,
      }),
    ).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('stopped');
    expect(vmOf(h, row).osPrettyName).toMatch(/Debian/);

    const bad = await act(h, u, 'recreate', { Id: id, TemplateId: 999_999, Username: 'ada', Password: 'p' });
    expect([bad.status, bad.body.fields]).toEqual([400, { TemplateId: 'invalid_value' }]);
    const empty = await act(h, u, 'recreate', { Id: id, TemplateId: ubuntu.Id, Username: '', Password: '' });
    expect([empty.status, empty.body.fields]).toEqual([400, { Username: 'required', Password: 'required' }]);
    const theirs = await act(h, other, 'recreate', { Id: id, TemplateId: ubuntu.Id, Username: 'ada', Password: 'p' });
    expect(theirs.status).toBe(404);
  });

  it('installs the caller’s stored SSH keys (another customer’s is not found) and reports the task while it runs', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id, row, templates } = await deployed(h, u);
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGSDHVu9aqzwDHHtfQCTSDHJWN8AXlQR6qYhQJ0Ml3Fp ada@laptop';
    const addKey = (c: { ssid: string }) =>
      call<{ Id: number }>(h, 'POST', '/api/key/add', { ssid: c.ssid, body: { Name: 'laptop', PublicKey: key } });
    const mine = (await addKey(u)).body.data.Id;
    const theirs = (await addKey(other)).body.data.Id;
    expect((await detail(u, id)).ImageId).toBe(templates[0]!.Id);
    const base = { Id: id, TemplateId: templates[1]!.Id, Username: 'ada', Password: 'fresh pass 99' };
    const refused = await act(h, u, 'recreate', { ...base, SSHKeyIds: [theirs] });
    expect([refused.status, refused.body.code]).toEqual([404, 'db_no_record']);
    expect((await detail(u, id)).RunningTask).toBeNull();
    const r = await act(h, u, 'recreate', { ...base, SSHKeyIds: [mine] });
    expect(r.status).toBe(200);
    expect((await detail(u, id)).RunningTask).toEqual({ Id: r.body.data, Kind: 'recreate' });
    const listed = await call<{ Items: InstanceDetail[] }>(h, 'GET', '/api/instances?limit=8', { ssid: u.ssid });
    expect(listed.body.data.Items[0]!.RunningTask).toEqual({ Id: r.body.data, Kind: 'recreate' });
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: r.body.data }, 30_000)).toMatchObject({ Status: 2 });
    expect(decodeURIComponent(vmOf(h, row).config.sshkeys!)).toBe(key);
    expect(await detail(u, id)).toMatchObject({ RunningTask: null, ImageId: templates[1]!.Id });
  });

  it('ends in Status 5 with the instance available again when the clone fails', async () => {
    const u = await customer(h);
    const { id, row, templates } = await deployed(h, u);
    jp().faults.add({ kind: 'task-fail', method: 'POST', path: /\/clone$/, times: Infinity, message: 'storage full' });
    const r = await done(h, u, 'recreate', {
      Id: id,
      TemplateId: templates[1]!.Id,
      Username: 'ada',
      Password: 'secret 12345',
    });
    expect(r).toEqual({ Status: 5, Step: 5 });
    expect((await rowOf(h, id)).status).toBe('available');
    const t = await h.db.query(`select state from tasks where instance_id = $1 and kind = 'recreate'`, [id]);
    expect(JSON.stringify(t.rows)).not.toContain('secret 12345');
    // The VM is gone: power actions are refused, a new reinstall rebuilds it.
    expect(jp().vm(row.vmid!)).toBeUndefined();
    expect((await act(h, u, 'start', { Id: id })).body.code).toBe('wrong_status');
    jp().faults.clear();
    expect(
      await done(h, u, 'recreate', { Id: id, TemplateId: templates[1]!.Id, Username: 'ada', Password: 'secret 12345' }),
    ).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('running');
  });
});

describe('upgrade', () => {
  it('lists larger sizes with the prorated charge, charges through the ledger and resizes the VM', async () => {
    const u = await customer(h, 1_000);
    const other = await customer(h);
    const { id, row } = await deployed(h, u);
    const opts = await call<UpgradeOptions>(h, 'GET', `/api/instance/upgrades?id=${id}`, { ssid: u.ssid });
    expect(opts.status).toBe(200);
    expect(opts.body.data.map((o) => o.Name)).toEqual(['1 vCPU · 2 GB', '2 vCPU · 4 GB', '4 vCPU · 8 GB']);
    const big = opts.body.data.find((o) => o.Name === '2 vCPU · 4 GB')!;
    // A month just begun: nearly the whole difference (20.00 − 5.00).
    expect(big.Charge).toBeGreaterThan(1_490);
    expect(big.Charge).toBeLessThanOrEqual(1_500);
    expect(big.RenewPrice).toBe(2_000);
    expect((await call(h, 'GET', `/api/instance/upgrades?id=${id}`, { ssid: other.ssid })).status).toBe(404);

    // 10.00 − 5.00 = 5.00 left after the deploy: not enough for 2 vCPU · 4 GB.
    const short = await act(h, u, 'upgrade', { Id: id, ProductId: big.ProductId });
    expect([short.status, short.body.code]).toEqual([409, 'balance_not_enough']);
    await topUp(h, u.userId, 2_000);
    const before = await expectLedgerBalanced(h, u.userId);
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: big.ProductId })).toMatchObject({ Status: 2 });
    const paid = before - (await expectLedgerBalanced(h, u.userId));
    expect(paid).toBeGreaterThan(1_490);
    expect(paid).toBeLessThanOrEqual(1_500);
    const vm = vmOf(h, row);
    expect(vm.config).toMatchObject({ cores: '2', memory: '4096' });
    expect(vm.config.scsi0).toContain('size=80G');
    expect(vm.status).toBe('running');
    expect(await rowOf(h, id)).toMatchObject({ product_id: big.ProductId, price: 2_000 });
    const inv = await h.db.query(`select status, amount from invoices where instance_id = $1 and kind = 'upgrade'`, [
      id,
    ]);
    expect(inv.rows).toEqual([{ status: 'paid', amount: paid }]);

    // Only larger sizes: the old one is no option any more, and a smaller one is refused.
    const small = opts.body.data.find((o) => o.Name === '1 vCPU · 2 GB')!;
    const down = await act(h, u, 'upgrade', { Id: id, ProductId: small.ProductId });
    expect([down.status, down.body.fields]).toEqual([400, { ProductId: 'invalid_value' }]);
    const bad = await act(h, u, 'upgrade', { Id: id });
    expect(bad.body.fields).toEqual({ ProductId: 'invalid_value' });
    expect((await act(h, other, 'upgrade', { Id: id, ProductId: big.ProductId })).status).toBe(404);
  });

  it('refunds the charge when the resize fails', async () => {
    const u = await customer(h, 5_000);
    const { id, row } = await deployed(h, u);
    const opts = await call<UpgradeOptions>(h, 'GET', `/api/instance/upgrades?id=${id}`, { ssid: u.ssid });
    const next = opts.body.data[0]!;
    const before = await expectLedgerBalanced(h, u.userId);
    jp().faults.add({ kind: 'http-500', method: 'PUT', path: /\/resize$/, times: Infinity, message: 'disk error' });
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: next.ProductId })).toEqual({ Status: 5, Step: 5 });
    expect(await expectLedgerBalanced(h, u.userId)).toBe(before);
    expect((await rowOf(h, id)).product_id).toBe(row.product_id);
    const inv = await h.db.query(`select status from invoices where instance_id = $1 and kind = 'upgrade'`, [id]);
    expect(inv.rows).toEqual([{ status: 'cancelled' }]);
    expect(vmOf(h, row).config).toMatchObject({ cores: '1', memory: '1024' });
  });

  it('counts as done once the disk has grown, even when the guest makes the reboot fail', async () => {
    const u = await customer(h, 5_000);
    const { id, row } = await deployed(h, u);
    const opts = await call<UpgradeOptions>(h, 'GET', `/api/instance/upgrades?id=${id}`, { ssid: u.ssid });
    const big = opts.body.data.find((o) => o.Name === '2 vCPU · 4 GB')!;
    const before = await expectLedgerBalanced(h, u.userId);
    // The guest ignores ACPI: Proxmox's reboot (a shutdown, then a start) fails.
    jp().faults.add({
      kind: 'task-fail',
      method: 'POST',
      path: /\/status\/reboot$/,
      message: 'VM quit/powerdown failed',
    });
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: big.ProductId })).toEqual({
      Status: 2,
      Step: UPGRADE_STEP.needsRestart,
    });
    // Applied and paid for, nothing refunded: the disk grew and the new size waits for a restart.
    const paid = before - (await expectLedgerBalanced(h, u.userId));
    expect(paid).toBeGreaterThan(1_400);
    expect(vmOf(h, row).config.scsi0).toContain('size=80G');
    expect(await rowOf(h, id)).toMatchObject({ product_id: big.ProductId, price: big.RenewPrice });
    const upgrade = await h.db.query(
      `select status, amount from invoices where instance_id = $1 and kind = 'upgrade'`,
      [id],
    );
    expect(upgrade.rows).toEqual([{ status: 'paid', amount: paid }]);
    expect((await detail(u, id)).NeedsRestart).toBe(true);

    // The restart the page offers applies it.
    expect(await done(h, u, 'restart', { Id: id })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).config).toMatchObject({ cores: '2', memory: '4096' });
    expect((await detail(u, id)).NeedsRestart).toBe(false);
  });

  it('reads the disk size in whatever unit Proxmox writes it, and never resizes a disk already large enough', async () => {
    const u = await customer(h, 5_000);
    const { id, row } = await deployed(h, u);
    // An operator grew the disk by hand: Proxmox now writes its size in terabytes.
    await h.ctx.compute!.cluster(row.cluster)!.client.qemu.resize(row.node!, row.vmid!, 'scsi0', '1T');
    expect(vmOf(h, row).config.scsi0).toContain('size=1T');
    const resizes = () =>
      jp()
        .taskTimes()
        .filter((t) => t.type === 'resize' && t.vmid === row.vmid).length;
    const sent = resizes();
    const opts = await call<UpgradeOptions>(h, 'GET', `/api/instance/upgrades?id=${id}`, { ssid: u.ssid });
    const next = opts.body.data[0]!;
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: next.ProductId })).toMatchObject({ Status: 2 });
    expect(resizes()).toBe(sent);
    expect(vmOf(h, row).config.scsi0).toContain('size=1T');
    expect((await rowOf(h, id)).product_id).toBe(next.ProductId);
  });
});
