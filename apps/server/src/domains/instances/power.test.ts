import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { act, customer, deployed, done, rowOf, vmOf } from '../../../test/action-test-kit.js';
import { instances } from './repository.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
});
afterAll(() => h.close());

describe('power actions', () => {
  it('stop, start, pause, resume, restart and force stop change the VM and the instance status', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect(await done(h, u, 'stop', { Id: id })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('stopped');
    expect(await done(h, u, 'start', { Id: id })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('running');
    expect(await done(h, u, 'pause', { Id: id })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).qmpstatus).toBe('paused');
    expect((await rowOf(h, id)).status).toBe('paused');
    expect(await done(h, u, 'resume', { Id: id })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).qmpstatus).toBe('running');
    expect((await rowOf(h, id)).status).toBe('available');
    const reboots = () =>
      h.emulators
        .get('jp')!
        .taskTimes()
        .filter((t) => t.type === 'qmreboot' && t.vmid === row.vmid);
    expect(await done(h, u, 'restart', { Id: id })).toMatchObject({ Status: 2 });
    expect(reboots()).toHaveLength(1);
    expect(vmOf(h, row).status).toBe('running');
    // A forced stop powers a paused VM off at once.
    await done(h, u, 'pause', { Id: id });
    expect(await done(h, u, 'stop', { Id: id, Force: true })).toMatchObject({ Status: 2 });
    expect(vmOf(h, row).status).toBe('stopped');
    expect((await rowOf(h, id)).status).toBe('available');
    const kinds = h.emulators
      .get('jp')!
      .taskTimes()
      .filter((t) => t.vmid === row.vmid)
      .map((t) => t.type);
    expect(kinds).toContain('qmshutdown');
    expect(kinds).toContain('qmstop');
  });

  it('refuses each action the VM state forbids with wrong_status', async () => {
    const u = await customer(h);
    const { id } = await deployed(h, u);
    // Running: start and resume are refused.
    for (const a of ['start', 'resume']) expect((await act(h, u, a, { Id: id })).body.code).toBe('wrong_status');
    await done(h, u, 'pause', { Id: id });
    // Paused: start, pause, restart and a graceful stop are refused.
    for (const a of ['start', 'pause', 'restart', 'stop']) {
      const r = await act(h, u, a, { Id: id });
      expect([r.status, r.body.code], a).toEqual([409, 'wrong_status']);
    }
    await done(h, u, 'stop', { Id: id, Force: true });
    // Stopped: stop, restart, pause, resume, password, network and upgrade are refused.
    for (const a of ['stop', 'restart', 'pause', 'resume']) {
      const r = await act(h, u, a, { Id: id });
      expect([r.status, r.body.code], a).toEqual([409, 'wrong_status']);
    }
  });

  it('runs one action at a time per instance', async () => {
    const u = await customer(h);
    const { id } = await deployed(h, u);
    const first = await act(h, u, 'stop', { Id: id });
    expect(first.status).toBe(200);
    const second = await act(h, u, 'restart', { Id: id });
    expect([second.status, second.body.code]).toEqual([409, 'wrong_status']);
  });

  it('refuses everything on a creating or destroyed instance', async () => {
    const u = await customer(h);
    const { id } = await deployed(h, u);
    await instances.setStatus(h.db, id, 'creating');
    for (const a of ['start', 'stop', 'restart', 'pause', 'resume']) {
      expect((await act(h, u, a, { Id: id })).body.code, a).toBe('wrong_status');
    }
    await instances.setStatus(h.db, id, 'available');
  });

  it('answers 400 with fields for bad bodies and 404 for another customer’s instance', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id } = await deployed(h, u);
    for (const a of ['start', 'stop', 'restart', 'pause', 'resume']) {
      const bad = await act(h, u, a, { Id: 'x' });
      expect([bad.status, bad.body.code, bad.body.fields], a).toEqual([
        400,
        'parse_data_error',
        { Id: 'invalid_value' },
      ]);
      const theirs = await act(h, other, a, { Id: id });
      expect([theirs.status, theirs.body.code], a).toEqual([404, 'instance_not_exist']);
    }
    const force = await act(h, u, 'stop', { Id: id, Force: 'yes' });
    expect(force.body.fields).toEqual({ Force: 'invalid_value' });
  });
});

describe('destroy', () => {
  it('needs the hostname, removes the VM and gives the address and VMID back', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id, row } = await deployed(h, u);
    const wrong = await act(h, u, 'destroy', { Id: id, Hostname: 'not-it' });
    expect([wrong.status, wrong.body.code, wrong.body.fields]).toEqual([
      400,
      'parse_data_error',
      { Hostname: 'hostname_mismatch' },
    ]);
    const missing = await act(h, u, 'destroy', { Id: id });
    expect(missing.body.fields).toEqual({ Hostname: 'required' });
    expect((await act(h, other, 'destroy', { Id: id, Hostname: 'web-1' })).status).toBe(404);
    const balance = async () =>
      (await call<{ User: { Balance: number } }>(h, 'GET', '/api/session', { ssid: u.ssid })).body.data.User.Balance;
    const before = await balance();
    const started = Date.now();
    expect(await done(h, u, 'destroy', { Id: id, Hostname: 'web-1' })).toMatchObject({ Status: 2 });
    // The prepaid period is not refunded (the destroy dialog says so), and the end is on record.
    expect(await balance()).toBe(before);
    const shown = await call<{ Status: string; DestroyedAt: string | null }>(h, 'GET', `/api/instance/get?id=${id}`, {
      ssid: u.ssid,
    });
    expect(shown.body.data.Status).toBe('destroyed');
    expect(Date.parse(shown.body.data.DestroyedAt!)).toBeGreaterThanOrEqual(started - 1000);
    expect(h.emulators.get('jp')!.vm(row.vmid!)).toBeUndefined();
    expect(await rowOf(h, id)).toMatchObject({ status: 'destroyed', vmid: null, auto_renew: false });
    const ip = await h.db.query('select 1 from ip_allocations where instance_id = $1', [id]);
    expect(ip.rowCount).toBe(0);
    // Nothing runs on a destroyed instance.
    for (const [a, body] of [
      ['start', { Id: id }],
      ['destroy', { Id: id, Hostname: 'web-1' }],
      ['password', { Id: id, Password: 'another pass 1' }],
      ['network', { Id: id, Hostname: 'web-2' }],
      ['upgrade', { Id: id, ProductId: row.product_id + 1 }],
      ['recreate', { Id: id, TemplateId: row.image_id, Username: 'ada', Password: 'again 12345' }],
    ] as const) {
      const r = await act(h, u, a, body);
      expect([r.status, r.body.code], a).toEqual([409, 'wrong_status']);
    }
    const renew = await act(h, u, 'autorenew', { Id: id, AutoRenew: true });
    expect([renew.status, renew.body.code]).toEqual([409, 'wrong_status']);
  });
});

describe('auto-renew', () => {
  it('stores the switch at once, refuses bad bodies and other customers', async () => {
    const u = await customer(h);
    const other = await customer(h);
    const { id } = await deployed(h, u);
    const off = await act(h, u, 'autorenew', { Id: id, AutoRenew: false });
    expect([off.status, off.body.data]).toEqual([200, { AutoRenew: false }]);
    expect((await rowOf(h, id)).auto_renew).toBe(false);
    const detail = await call<{ AutoRenew: boolean }>(h, 'GET', `/api/instance/get?id=${id}`, { ssid: u.ssid });
    expect(detail.body.data.AutoRenew).toBe(false);
    const bad = await act(h, u, 'autorenew', { Id: id, AutoRenew: 'no' });
    expect([bad.status, bad.body.fields]).toEqual([400, { AutoRenew: 'invalid_value' }]);
    expect((await act(h, other, 'autorenew', { Id: id, AutoRenew: true })).status).toBe(404);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: true })).body.data).toEqual({ AutoRenew: true });
  });
});
