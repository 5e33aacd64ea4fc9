import type { InstanceDetail, UpgradeOptions } from '@nimbus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../../../test/api.js';
import { expectLedgerBalanced, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { withTx } from '../../infra/db/pool.js';
import { clock } from '../../infra/lib/clock.js';
import type { InvoiceRow } from '../billing/index.js';
import { act, customer, deployed, done, rowOf, vmOf, type Customer } from '../../../test/action-test-kit.js';
import { post } from '../users/index.js';
import { emptyReport, runRenewals } from './pass.js';

const DAY = 86_400_000;
const NOTHING = emptyReport();

let h: Harness;
beforeAll(async () => {
  // No scheduled pass during the test: it runs the passes itself, at the times it sets.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50', RENEWAL_INTERVAL_SECONDS: '86400' }, { compute: {} });
});
afterEach(() => clock.reset());
afterAll(() => h.close());

/** Sets the shared clock to `at` (forwards or back from the system time). */
function setClock(at: number): void {
  clock.reset();
  clock.advance(at - Date.now());
}

const pass = () => runRenewals(h.ctx, clock.now());

async function until<T>(what: string, read: () => Promise<T> | T, ok: (v: T) => boolean, ms = 30_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await read();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mailTo = (u: Customer, subject: string) =>
  until(
    `a mail "${subject}"`,
    () => h.mail.mails.filter((m) => m.to.includes(u.email) && m.subject.includes(subject)),
    (l) => l.length > 0,
  );

const renewalInvoices = async (instanceId: number) =>
  (
    await h.db.query<InvoiceRow>(`select * from invoices where instance_id = $1 and kind = 'renewal' order by id`, [
      instanceId,
    ])
  ).rows;

/** Waits until no task runs on the instance (the renewals' stop or start has ended). */
const idle = (id: number) =>
  until(
    'the instance’s tasks to end',
    async () => (await h.db.query('select 1 from tasks where instance_id = $1 and status < 2', [id])).rowCount,
    (n) => n === 0,
  );

const detail = async (u: Customer, id: number) =>
  (await call<InstanceDetail>(h, 'GET', `/api/instance/get?id=${id}`, { ssid: u.ssid })).body.data;

/** Leaves the customer with no balance, through the ledger. */
async function drain(u: Customer): Promise<void> {
  const balance = await expectLedgerBalanced(h, u.userId);
  if (balance > 0) await withTx(h.db, (tx) => post(tx, u.userId, 'adjustment', -balance, 'test: spend it all'));
}

const monthLater = (d: Date) => {
  const next = new Date(d);
  next.setUTCMonth(next.getUTCMonth() + 1);
  return next.getTime();
};

describe('renewals', { timeout: 120_000 }, () => {
  it('invoices N days before the due date; auto-renew pays and extends the due date by the cycle', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: true })).status).toBe(200);
    const due = row.due_at.getTime();
    const before = await expectLedgerBalanced(h, u.userId);

    setClock(due - 8 * DAY);
    await pass();
    expect(await renewalInvoices(id)).toHaveLength(0);

    setClock(due - 6 * DAY);
    const report = await pass();
    expect(report).toMatchObject({ invoiced: 1, autoPaid: 1 });
    const [invoice] = await renewalInvoices(id);
    expect(invoice).toMatchObject({ status: 'paid', amount: row.price, cycle: 'monthly' });
    expect(invoice!.period_start!.getTime()).toBe(due);
    expect(invoice!.period_end!.getTime()).toBe(monthLater(row.due_at));
    expect(invoice!.due_date.getTime()).toBe(due);
    const items = await h.db.query<{ description: string }>(
      'select description from invoice_items where invoice_id = $1',
      [invoice!.id],
    );
    expect(items.rows.map((r) => r.description)).toEqual([expect.stringMatching(/1 vCPU · 1 GB, Tokyo — web-1$/)]);
    expect((await rowOf(h, id)).due_at.getTime()).toBe(monthLater(row.due_at));
    expect(await expectLedgerBalanced(h, u.userId)).toBe(before - row.price);
    await mailTo(u, 'web-1 is renewed');

    // A second pass (the same time, or the next one) creates nothing again.
    expect(await pass()).toEqual(NOTHING);
    expect(await renewalInvoices(id)).toHaveLength(1);
    expect((await detail(u, id)).DueAt).toBe(new Date(monthLater(row.due_at)).toISOString());
  });

  it('mails a renewal notice with no database transaction open, once', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: true })).status).toBe(200);
    setClock(row.due_at.getTime() - 6 * DAY);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let arrived = 0;
    h.mail.beforeAccept = async () => {
      arrived++;
      await held;
    };
    try {
      const running = pass();
      await until(
        'the mail at the SMTP server',
        () => arrived,
        (n) => n > 0,
      );
      const open = await h.db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
         where datname = current_database() and state like 'idle in transaction%'`,
      );
      release();
      expect(open.rows[0]!.n).toBe(0);
      expect(await running).toMatchObject({ invoiced: 1, autoPaid: 1 });
    } finally {
      release();
      h.mail.beforeAccept = null;
    }
    await mailTo(u, 'web-1 is renewed');
    await pass();
    expect(h.mail.mails.filter((m) => m.to.includes(u.email) && m.subject.includes('is renewed'))).toHaveLength(1);
  });

  it('suspends an unpaid instance at the due date and brings it back once paid', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: false })).status).toBe(200);
    await drain(u);
    const due = row.due_at.getTime();

    setClock(due - 6 * DAY);
    expect(await pass()).toMatchObject({ invoiced: 1, autoPaid: 0 });
    const [invoice] = await renewalInvoices(id);
    expect(invoice!.status).toBe('unpaid');
    await mailTo(u, `renewal invoice #${invoice!.id}`);
    expect(await detail(u, id)).toMatchObject({ SuspendedAt: null, UnpaidInvoiceId: invoice!.id });
    expect(await pass()).toEqual(NOTHING);

    setClock(due + 60_000);
    expect(await pass()).toMatchObject({ suspended: 1, powered: 1 });
    await until(
      'the VM stopped',
      () => vmOf(h, row).status,
      (s) => s === 'stopped',
    );
    await mailTo(u, 'web-1 is suspended for non-payment');
    expect((await detail(u, id)).SuspendedAt).not.toBeNull();
    expect(await pass()).toEqual(NOTHING);
    // Every customer action is refused while suspended.
    await idle(id);
    for (const [action, body] of [
      ['start', { Id: id }],
      ['restart', { Id: id }],
      ['password', { Id: id, Password: 'another horse 2' }],
      ['destroy', { Id: id, Hostname: 'web-1' }],
      ['vnc', { id }],
    ] as const) {
      const r = await act(h, u, action, body);
      expect([r.status, r.body.code], action).toEqual([409, 'wrong_status']);
    }

    // Paid by the customer through the console.
    await topUp(h, u.userId, row.price);
    const paid = await call(h, 'POST', '/api/invoice/pay', {
      ssid: u.ssid,
      body: { Id: invoice!.id, Method: 'balance' },
    });
    expect(paid.status).toBe(200);
    expect((await detail(u, id)).SuspendedAt).toBeNull();
    await until(
      'the VM running again',
      () => vmOf(h, row).status,
      (s) => s === 'running',
    );
    await mailTo(u, 'web-1 is back');
    expect(await detail(u, id)).toMatchObject({
      DueAt: new Date(monthLater(row.due_at)).toISOString(),
      UnpaidInvoiceId: null,
    });
    await idle(id);
    expect((await act(h, u, 'restart', { Id: id })).status).toBe(200);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('destroys an instance still unpaid after the grace period and returns its address', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    await drain(u);
    const due = row.due_at.getTime();

    // A pass that comes late still invoices first (auto-renew is on, but the balance is empty), then suspends.
    setClock(due + 60_000);
    expect(await pass()).toMatchObject({ invoiced: 1, autoPaid: 0, autoPayFailed: 1, suspended: 1, powered: 1 });
    await mailTo(u, 'auto-renew could not pay for web-1');
    await until(
      'the VM stopped',
      () => vmOf(h, row).status,
      (s) => s === 'stopped',
    );
    const [invoice] = await renewalInvoices(id);

    setClock(due + 6 * DAY);
    await idle(id);
    expect(await pass()).toMatchObject({ destroyed: 0 });

    setClock(due + 7 * DAY + 60_000);
    expect(await pass()).toMatchObject({ destroyed: 1 });
    expect(await pass()).toEqual(NOTHING);
    await until(
      'the instance destroyed',
      () => rowOf(h, id),
      (r) => r.status === 'destroyed',
    );
    expect(h.emulators.get('jp')!.vm(row.vmid!)).toBeUndefined();
    const ips = await h.db.query('select 1 from ip_allocations where instance_id = $1', [id]);
    expect(ips.rowCount).toBe(0);
    expect((await renewalInvoices(id)).map((v) => [v.id, v.status])).toEqual([[invoice!.id, 'cancelled']]);
    await mailTo(u, 'web-1 is destroyed');
    expect(await pass()).toEqual(NOTHING);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('refuses to take money for the renewal of an instance the customer destroyed', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: false })).status).toBe(200);
    setClock(row.due_at.getTime() - 6 * DAY);
    expect(await pass()).toMatchObject({ invoiced: 1 });
    const [invoice] = await renewalInvoices(id);
    expect((await act(h, u, 'destroy', { Id: id, Hostname: 'web-1' })).status).toBe(200);
    await until(
      'the instance destroyed',
      () => rowOf(h, id),
      (r) => r.status === 'destroyed',
    );
    await topUp(h, u.userId, row.price);
    const before = await expectLedgerBalanced(h, u.userId);
    const r = await call(h, 'POST', '/api/invoice/pay', { ssid: u.ssid, body: { Id: invoice!.id, Method: 'balance' } });
    expect([r.status, r.body.code]).toEqual([409, 'wrong_status']);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(before);
  });

  it('does every step once when two passes run at the same time', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    await drain(u);
    setClock(row.due_at.getTime() + 60_000);
    const [a, b] = await Promise.all([pass(), pass()]);
    expect(a.invoiced + b.invoiced).toBe(1);
    expect(a.suspended + b.suspended).toBe(1);
    expect(a.powered + b.powered).toBe(1);
    expect(await renewalInvoices(id)).toHaveLength(1);
    const notices = await h.db.query<{ kind: string }>(
      `select n.kind from renewal_notices n join invoices v on v.id = n.invoice_id where v.instance_id = $1 order by n.id`,
      [id],
    );
    // Auto-renew is on (the deploy default) with an empty balance: its failure is mailed once.
    expect(notices.rows.map((r) => r.kind)).toEqual(['autopay_failed', 'suspended']);
    await until(
      'the VM stopped',
      () => vmOf(h, row).status,
      (s) => s === 'stopped',
    );
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });
});

describe('upgrades and renewals', { timeout: 120_000 }, () => {
  const jp = () => h.emulators.get('jp')!;
  afterEach(() => jp().faults.clear());

  /** The largest size of the type (40.00 a month, from 5.00), as the upgrade list offers it. */
  const largest = async (u: Customer, id: number) => {
    const r = await call<UpgradeOptions>(h, 'GET', `/api/instance/upgrades?id=${id}`, { ssid: u.ssid });
    return r.body.data.find((o) => o.Name === '4 vCPU · 8 GB')!;
  };
  const lines = async (invoiceId: number) =>
    (await h.db.query('select description, amount from invoice_items where invoice_id = $1', [invoiceId])).rows;
  const pay = (u: Customer, invoiceId: number) =>
    call(h, 'POST', '/api/invoice/pay', { ssid: u.ssid, body: { Id: invoiceId, Method: 'balance' } });

  /** A customer's instance six days before its due date, after the pass that made its renewal invoice. */
  async function nearRenewal(autoRenew: boolean) {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: autoRenew })).status).toBe(200);
    setClock(row.due_at.getTime() - 6 * DAY);
    await pass();
    return { u, id, row, big: await largest(u, id), renewal: (await renewalInvoices(id))[0] };
  }

  it('re-prices the unpaid renewal invoice: the next period of the larger size costs its price', async () => {
    const { u, id, big, renewal } = await nearRenewal(false);
    expect(renewal).toMatchObject({ status: 'unpaid', amount: 500 });
    // Six days of the difference now; the next period is the renewal's.
    expect(big.Charge).toBeLessThan((3_500 * 7) / 28);
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: big.ProductId })).toMatchObject({ Status: 2 });
    expect((await renewalInvoices(id))[0]).toMatchObject({ id: renewal!.id, status: 'unpaid', amount: 4_000 });
    expect(await lines(renewal!.id)).toEqual([
      { description: expect.stringMatching(/4 vCPU · 8 GB, Tokyo — web-1$/), amount: 4_000 },
    ]);
    const before = await expectLedgerBalanced(h, u.userId);
    expect((await pay(u, renewal!.id)).status).toBe(200);
    expect(before - (await expectLedgerBalanced(h, u.userId))).toBe(4_000);
  });

  it('costs the same when the upgrade and the renewal payment are sent at once, in either order', async () => {
    const { u, id, big, renewal } = await nearRenewal(false);
    const before = await expectLedgerBalanced(h, u.userId);
    const [up, paid] = await Promise.all([
      act(h, u, 'upgrade', { Id: id, ProductId: big.ProductId }),
      pay(u, renewal!.id),
    ]);
    expect([up.status, paid.status], JSON.stringify([up.body, paid.body])).toEqual([200, 200]);
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: up.body.data }, 30_000)).toMatchObject({ Status: 2 });
    // The next period at the larger size's price, and the rest of this one at the difference.
    const spent = before - (await expectLedgerBalanced(h, u.userId));
    expect(Math.abs(spent - (4_000 + big.Charge))).toBeLessThanOrEqual(2);
  });

  it('charges the difference for a renewal already paid, not only for the rest of this period', async () => {
    const { u, id, big, renewal } = await nearRenewal(true);
    expect(renewal).toMatchObject({ status: 'paid', amount: 500 });
    const before = await expectLedgerBalanced(h, u.userId);
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: big.ProductId })).toMatchObject({ Status: 2 });
    // Six days and the whole next month of the difference (36 days of the larger size otherwise).
    const paid = before - (await expectLedgerBalanced(h, u.userId));
    expect(paid).toBeGreaterThan(3_500 + (3_500 * 5) / 31);
    expect(paid).toBeLessThan(3_500 + (3_500 * 7) / 28);
  });

  it('makes no renewal invoice while an upgrade runs, so none is priced at the old size', async () => {
    const u = await customer(h);
    const { id, row } = await deployed(h, u);
    expect((await act(h, u, 'autorenew', { Id: id, AutoRenew: true })).status).toBe(200);
    setClock(row.due_at.getTime() - 6 * DAY);
    const big = await largest(u, id);
    // Proxmox is slow to take the new size: the renewal pass comes while the upgrade runs.
    jp().faults.add({ kind: 'latency', method: 'POST', path: /\/qemu\/\d+\/config$/, latencyMs: 3_000 });
    const r = await act(h, u, 'upgrade', { Id: id, ProductId: big.ProductId });
    expect(r.status).toBe(200);
    await pass();
    expect(await renewalInvoices(id)).toHaveLength(0);
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: r.body.data }, 30_000)).toMatchObject({ Status: 2 });
    await pass();
    expect(await renewalInvoices(id)).toMatchObject([{ status: 'paid', amount: 4_000 }]);
  });

  it('refunds a failed upgrade and the renewal paid meanwhile at its price, down to the old size', async () => {
    const { u, id, row, big, renewal } = await nearRenewal(false);
    const before = await expectLedgerBalanced(h, u.userId);
    // The disk cannot grow; the new cores and memory are slow to go in, long enough to pay meanwhile.
    jp().faults.add({ kind: 'latency', method: 'POST', path: /\/qemu\/\d+\/config$/, latencyMs: 2_000 });
    jp().faults.add({ kind: 'http-500', method: 'PUT', path: /\/resize$/, times: Infinity, message: 'disk error' });
    const r = await act(h, u, 'upgrade', { Id: id, ProductId: big.ProductId });
    expect(r.status).toBe(200);
    expect((await pay(u, renewal!.id)).status).toBe(200);
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: r.body.data }, 30_000)).toEqual({ Status: 5, Step: 5 });
    // What stays taken is the renewal at the size the instance keeps.
    expect(before - (await expectLedgerBalanced(h, u.userId))).toBe(500);
    expect(await rowOf(h, id)).toMatchObject({ product_id: row.product_id, price: 500 });
    expect(vmOf(h, row).config).toMatchObject({ cores: '1', memory: '1024' });
  });

  it('puts the unpaid renewal invoice of a failed upgrade back to its price and line', async () => {
    const { u, id, big, renewal } = await nearRenewal(false);
    const before = await expectLedgerBalanced(h, u.userId);
    jp().faults.add({ kind: 'http-500', method: 'PUT', path: /\/resize$/, times: Infinity, message: 'disk error' });
    expect(await done(h, u, 'upgrade', { Id: id, ProductId: big.ProductId })).toMatchObject({ Status: 5 });
    expect(await expectLedgerBalanced(h, u.userId)).toBe(before);
    expect((await renewalInvoices(id))[0]).toMatchObject({ id: renewal!.id, status: 'unpaid', amount: 500 });
    expect(await lines(renewal!.id)).toEqual([
      { description: expect.stringMatching(/1 vCPU · 1 GB, Tokyo — web-1$/), amount: 500 },
    ]);
  });
});
