import type { DeployResult, PriceResult } from '@nimbus/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, expectLedgerBalanced, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { promotions } from '../promotions/index.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness({}, { compute: {} });
});
afterEach(() => {
  for (const e of h.emulators.values()) e.faults.clear();
});
afterAll(() => h.close());

async function customer(balance = 10_000) {
  const u = await signUp(h);
  if (balance) await topUp(h, u.userId, balance);
  return u;
}

const deploy = (ssid: string, body: unknown, headers: Record<string, string> = {}) =>
  h.app
    .inject({
      method: 'POST',
      url: '/api/deploy',
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ssid, ...headers },
    })
    .then((res) => ({
      status: res.statusCode,
      body: res.json() as { data: DeployResult; code?: string; fields?: object },
    }));

async function instanceRow(id: number) {
  return (await h.db.query('select * from instances where id = $1', [id])).rows[0];
}

describe('deploy end to end', () => {
  it('charges once, provisions the VM on the region cluster and ends with Status 2', async () => {
    const u = await customer();
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const r = await deploy(u.ssid, deployBody(product.Id, templates[0]!.Id));
    expect(r.status).toBe(200);
    expect(await waitTask(h, u.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
    const row = await instanceRow(r.body.data.InstanceId);
    expect(row).toMatchObject({ status: 'available', hostname: 'web-1', cycle: 'monthly', price: 500 });
    const vm = h.emulators.get('hk')!.vm(row.vmid)!;
    expect(vm.status).toBe('running');
    expect(vm.config).toMatchObject({ name: 'web-1', cores: '1', memory: '1024', ciuser: 'ada' });
    expect(vm.config.ipconfig0).toBe(`ip=${row.ip_address}/24,gw=203.0.113.1`);
    expect(vm.config.net0).toContain('firewall=1');
    expect(vm.config.scsi0).toContain('size=25G');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000 - 500);
    const inv = await h.db.query(
      `select i.status, i.amount, i.cycle, i.invoiced_to->>'Email' as email,
         (select json_agg(json_build_object('d', description, 'a', amount)) from invoice_items where invoice_id = i.id) as items
       from invoices i where instance_id = $1`,
      [row.id],
    );
    expect(inv.rows).toEqual([
      {
        status: 'paid',
        amount: 500,
        cycle: 'monthly',
        email: u.email,
        items: [{ d: 'Standard 1 vCPU · 1 GB, Hong Kong — web-1', a: 500 }],
      },
    ]);
    // The password reached the VM's cloud-init, and no longer sits in the task's checkpoints.
    const task = await h.db.query('select state from tasks where id = $1', [r.body.data.TaskId]);
    expect(task.rows[0].state.password).toBeUndefined();
  });

  it('leaves the new server stopped when UserData.Start is false', async () => {
    const u = await customer();
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const body = deployBody(product.Id, templates[0]!.Id) as { UserData: Record<string, unknown> };
    const r = await deploy(u.ssid, { ...body, UserData: { ...body.UserData, Start: false } });
    expect(r.status).toBe(200);
    expect(await waitTask(h, u.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
    const row = await instanceRow(r.body.data.InstanceId);
    expect(row.status).toBe('available');
    expect(h.emulators.get('hk')!.vm(row.vmid)!.status).toBe('stopped');
    const bad = await deploy(u.ssid, { ...body, UserData: { ...body.UserData, Start: 'no' } });
    expect([bad.status, bad.body.fields]).toEqual([400, { 'UserData.Start': 'invalid_value' }]);
  });

  it('configures SSH keys of the caller only; another customer’s key is not found', async () => {
    const u = await customer();
    const other = await signUp(h);
    const key = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGSDHVu9aqzwDHHtfQCTSDHJWN8AXlQR6qYhQJ0Ml3Fp ada@laptop';
    const mine = await call<{ Id: number }>(h, 'POST', '/api/key/add', {
      ssid: u.ssid,
      body: { Name: 'laptop', PublicKey: key },
    });
    const theirs = await call<{ Id: number }>(h, 'POST', '/api/key/add', {
      ssid: other.ssid,
      body: { Name: 'theirs', PublicKey: key },
    });
    const { product, templates } = await pick(h, u.ssid, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
    const withTheirs = await deploy(
      u.ssid,
      deployBody(product.Id, templates[0]!.Id, {
        UserData: { TemplateId: templates[0]!.Id, Username: 'ada', Password: '', SSHKeyIds: [theirs.body.data.Id] },
      }),
    );
    expect([withTheirs.status, withTheirs.body.code]).toEqual([404, 'db_no_record']);
    const r = await deploy(
      u.ssid,
      deployBody(product.Id, templates[0]!.Id, {
        UserData: { TemplateId: templates[0]!.Id, Username: 'ada', Password: '', SSHKeyIds: [mine.body.data.Id] },
      }),
    );
    expect(r.status).toBe(200);
    expect((await waitTask(h, u.ssid, r.body.data)).Status).toBe(2);
    const vm = h.emulators.get('jp')!.vm((await instanceRow(r.body.data.InstanceId)).vmid)!;
    expect(decodeURIComponent(vm.config.sshkeys!)).toBe(key);
    expect(vm.config.cipassword).toBeUndefined();
  });
});

describe('prices', () => {
  it('answers the discounted price itself in minor units, with promotions, and refuses unknown or unpriced cycles', async () => {
    const u = await customer(0);
    const { product } = await pick(h, u.ssid, 'Singapore', 'Standard', '1 vCPU · 1 GB');
    // The documented payload (docs/product/deploy.md#checkout-post-apideploy): ProductId,
    // Quantity (1), Cycle, PromotionCode, CustomConfig (empty list).
    const price = (body: object) =>
      call<PriceResult>(h, 'POST', '/api/deploy/price', {
        ssid: u.ssid,
        body: { ProductId: product.Id, Quantity: 1, PromotionCode: '', CustomConfig: [], ...body },
      });
    const month = await price({ Cycle: 'Month' });
    expect([month.status, month.body]).toEqual([200, { data: 500 }]);
    expect((await price({ Cycle: 'Quarter' })).body.data).toBe(1425);
    expect((await price({ Cycle: 'Year2' })).body.data).toBe(9600);
    for (const Cycle of ['Fortnight', 'monthly', '']) {
      const r = await price({ Cycle });
      expect([r.status, r.body.code], Cycle).toEqual(Cycle ? [400, 'wrong_cycle'] : [400, 'parse_data_error']);
    }
    const perf = await pick(h, u.ssid, 'Singapore', 'Performance', '2 dedicated vCPU · 8 GB');
    const unpriced = await call(h, 'POST', '/api/deploy/price', {
      ssid: u.ssid,
      body: { ProductId: perf.product.Id, Cycle: 'Year2' },
    });
    expect([unpriced.status, unpriced.body.code]).toEqual([400, 'wrong_cycle']);
    await promotions.create(h.db, {
      code: 'SG20',
      kind: 'percent',
      value: 20,
      currency: null,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerUser: null,
      productIds: [product.Id],
      cycles: ['monthly', 'annually'],
    });
    // The original price stays the catalogue's (5100 a year); the answer is what the customer pays.
    expect((await price({ Cycle: 'Year' })).body.data).toBe(5100);
    expect((await price({ Cycle: 'Year', PromotionCode: 'sg20' })).body.data).toBe(4080);
    // A refusal says why, on PromotionCode: the customer can tell a typo from an old code.
    const refused = async (body: Record<string, unknown>, productId = product.Id) => {
      const r = await call(h, 'POST', '/api/deploy/price', { ssid: u.ssid, body: { ProductId: productId, ...body } });
      return [r.status, r.body.code, r.body.fields?.PromotionCode];
    };
    const invalid = (reason: string) => [400, 'invalid_promotion_code', reason];
    expect(await refused({ Cycle: 'Quarter', PromotionCode: 'SG20' })).toEqual(invalid('promotion_not_applicable'));
    expect(await refused({ Cycle: 'Month', PromotionCode: 'SG20' }, perf.product.Id)).toEqual(
      invalid('promotion_not_applicable'),
    );
    expect(await refused({ Cycle: 'Month', PromotionCode: 'NOPE' })).toEqual(invalid('promotion_unknown'));
    const day = 86_400_000;
    const base = { kind: 'percent' as const, value: 10, currency: null, maxUses: null, maxUsesPerUser: null };
    const only = { productIds: null, cycles: null };
    await promotions.create(h.db, {
      ...base,
      ...only,
      code: 'OLD',
      startsAt: null,
      endsAt: new Date(Date.now() - day),
    });
    await promotions.create(h.db, {
      ...base,
      ...only,
      code: 'SOON',
      startsAt: new Date(Date.now() + day),
      endsAt: null,
    });
    expect(await refused({ Cycle: 'Month', PromotionCode: 'OLD' })).toEqual(invalid('promotion_expired'));
    expect(await refused({ Cycle: 'Month', PromotionCode: 'SOON' })).toEqual(invalid('promotion_not_started'));
  });

  it('hides Ord products from sale and answers unknown products with get_product_error', async () => {
    const u = await customer(0);
    const regions = (
      await call<{ Name: string; Groups: { Products: { Id: number; Ord: number | null }[] }[] }[]>(
        h,
        'GET',
        '/api/deploy/products',
        { ssid: u.ssid },
      )
    ).body.data;
    expect(regions.map((r) => r.Name)).toEqual(['Hong Kong', 'Tokyo', 'Singapore', 'Los Angeles', 'Frankfurt']);
    expect(regions.at(-1)!.Groups).toEqual([]);
    const hidden = regions[0]!.Groups[0]!.Products.find((p) => p.Ord !== null)!;
    for (const ProductId of [hidden.Id, 999_999]) {
      const r = await call(h, 'POST', '/api/deploy/price', { ssid: u.ssid, body: { ProductId, Cycle: 'Month' } });
      expect([r.status, r.body.code]).toEqual([404, 'get_product_error']);
    }
    const t = await call(h, 'GET', '/api/product/templates?productId=999999', { ssid: u.ssid });
    expect([t.status, t.body.code]).toEqual([404, 'get_product_error']);
    const bad = await call(h, 'GET', '/api/product/templates?productId=abc', { ssid: u.ssid });
    expect([bad.status, bad.body.fields]).toEqual([400, { productId: 'invalid_value' }]);
  });
});

describe('deploy refusals', () => {
  it('validates the body like the page does, naming each field', async () => {
    const u = await customer();
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 2 GB');
    const other = await pick(h, u.ssid, 'Hong Kong', 'Performance', '2 dedicated vCPU · 8 GB');
    const cases: [Record<string, unknown>, object][] = [
      [{ Hostnames: ['1abc'] }, { 'Hostnames.0': 'invalid_hostname' }],
      [{ Hostnames: ['a'] }, { 'Hostnames.0': 'incorrect_length' }],
      [{ Hostnames: ['web_1'] }, { 'Hostnames.0': 'invalid_hostname' }],
      [{ Hostnames: [] }, { Hostnames: 'invalid_value' }],
      [
        { UserData: { TemplateId: templates[0]!.Id, Username: 'Root!', Password: 'x', SSHKeyIds: [] } },
        { 'UserData.Username': 'invalid_username' },
      ],
      [
        { UserData: { TemplateId: templates[0]!.Id, Username: 'ada', Password: '', SSHKeyIds: [] } },
        { 'UserData.Password': 'password_or_key' },
      ],
      [{ Quantity: 2 }, { Quantity: 'invalid_value' }],
    ];
    for (const [over, fields] of cases) {
      const r = await deploy(u.ssid, deployBody(product.Id, templates[0]!.Id, over));
      expect([r.status, r.body.code, r.body.fields], JSON.stringify(over)).toEqual([400, 'parse_data_error', fields]);
    }
    const hiddenTemplate = await deploy(u.ssid, deployBody(other.product.Id, 999_999));
    expect(hiddenTemplate.body.fields).toEqual({ 'UserData.TemplateId': 'invalid_value' });
    expect((await deploy(u.ssid, deployBody(product.Id, templates[0]!.Id, { Cycle: 'Week' }))).body.code).toBe(
      'wrong_cycle',
    );
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000);
  });

  it('refuses with balance_not_enough, out_of_stock and invalid_promotion_code, moving no money', async () => {
    const poor = await customer(499);
    const { product, templates } = await pick(h, poor.ssid, 'Los Angeles', 'Standard', '1 vCPU · 1 GB');
    const r = await deploy(poor.ssid, deployBody(product.Id, templates[0]!.Id));
    expect([r.status, r.body.code]).toEqual([409, 'balance_not_enough']);
    expect(await expectLedgerBalanced(h, poor.userId)).toBe(499);

    const rich = await customer(1_000_000);
    const perf = await pick(h, rich.ssid, 'Los Angeles', 'Performance', '4 dedicated vCPU · 16 GB');
    await h.db.query('update products set stock = 0 where id = $1', [perf.product.Id]);
    const sold = await deploy(rich.ssid, deployBody(perf.product.Id, perf.templates[0]!.Id));
    expect([sold.status, sold.body.code]).toEqual([409, 'out_of_stock']);
    const promo = await deploy(rich.ssid, deployBody(product.Id, templates[0]!.Id, { PromotionCode: 'NO-SUCH' }));
    expect([promo.status, promo.body.code]).toEqual([400, 'invalid_promotion_code']);
    expect(await expectLedgerBalanced(h, rich.userId)).toBe(1_000_000);
    const count = await h.db.query('select count(*)::int as n from instances where user_id = $1', [rich.userId]);
    expect(count.rows[0].n).toBe(0);
  });

  it('answers tasks of another customer, or unknown ones, as not found', async () => {
    const u = await customer();
    const other = await customer(0);
    const { product, templates } = await pick(h, u.ssid, 'Tokyo', 'Standard', '1 vCPU · 2 GB');
    const r = await deploy(u.ssid, deployBody(product.Id, templates[0]!.Id));
    const { InstanceId, TaskId } = r.body.data;
    const theirs = await call(h, 'GET', `/api/instance/task/get?id=${InstanceId}&taskId=${TaskId}`, {
      ssid: other.ssid,
    });
    expect([theirs.status, theirs.body.code]).toEqual([404, 'instance_not_exist']);
    const posted = await call(h, 'POST', '/api/instance/task/get', {
      ssid: other.ssid,
      body: { Id: InstanceId, TaskId },
    });
    expect([posted.status, posted.body.code]).toEqual([404, 'instance_not_exist']);
    // The caller's own instance with a task it never had: no such record.
    const unknownTask = await call(h, 'GET', `/api/instance/task/get?id=${InstanceId}&taskId=999999`, {
      ssid: u.ssid,
    });
    expect([unknownTask.status, unknownTask.body.code]).toEqual([404, 'db_no_record']);
    const mine = await call(h, 'POST', '/api/instance/task/get', { ssid: u.ssid, body: { Id: InstanceId, TaskId } });
    expect(mine.status).toBe(200);
    await waitTask(h, u.ssid, r.body.data);
  });
});

describe('money moves exactly once', () => {
  it('answers a repeated Idempotency-Key with the first answer, and refuses it with another body', async () => {
    const u = await customer();
    const { product, templates } = await pick(h, u.ssid, 'Singapore', 'Standard', '1 vCPU · 1 GB');
    const body = deployBody(product.Id, templates[0]!.Id, { Hostnames: ['idem-1'] });
    const key = { 'idempotency-key': 'order-7c1f' };
    const [a, b] = await Promise.all([deploy(u.ssid, body, key), deploy(u.ssid, body, key)]);
    expect(a.status).toBe(200);
    expect(b.body).toEqual(a.body);
    const again = await deploy(u.ssid, body, key);
    expect(again.body).toEqual(a.body);
    const changed = await deploy(u.ssid, { ...body, Hostnames: ['idem-2'] }, key);
    expect([changed.status, changed.body.fields]).toEqual([400, { 'idempotency-key': 'key_reused' }]);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000 - 500);
    await waitTask(h, u.ssid, a.body.data);
  });

  it('lets exactly the affordable deploys of 20 concurrent ones through', async () => {
    const u = await customer(7 * 500);
    const { product, templates } = await pick(h, u.ssid, 'Los Angeles', 'Standard', '1 vCPU · 1 GB');
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        deploy(u.ssid, deployBody(product.Id, templates[0]!.Id, { Hostnames: [`burst-${i}`] })),
      ),
    );
    const ok = results.filter((r) => r.status === 200);
    expect(ok).toHaveLength(7);
    expect(results.filter((r) => r.body.code === 'balance_not_enough')).toHaveLength(13);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
    const tasks = await Promise.all(ok.map((r) => waitTask(h, u.ssid, r.body.data, 60_000)));
    expect(tasks.every((t) => t.Status === 2)).toBe(true);
    const rows = await h.db.query('select vmid, host(ip_address) as ip from instances where user_id = $1', [u.userId]);
    expect(new Set(rows.rows.map((r) => r.vmid)).size).toBe(7);
    expect(new Set(rows.rows.map((r) => r.ip)).size).toBe(7);
  });
});

describe('provisioning failures and faults', () => {
  it('ends a failed provisioning at Step 5: refunded, address and promotion returned, no VM left', async () => {
    const u = await customer();
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '2 vCPU · 4 GB');
    await promotions.create(h.db, {
      code: 'ONCE',
      kind: 'fixed',
      value: 300,
      currency: 'USD',
      startsAt: null,
      endsAt: null,
      maxUses: 1,
      maxUsesPerUser: null,
      productIds: null,
      cycles: null,
    });
    const hk = h.emulators.get('hk')!;
    hk.faults.add({
      kind: 'task-fail',
      path: /\/status\/start$/,
      times: Infinity,
      message: 'start failed: QEMU exited with code 1',
    });
    const r = await deploy(
      u.ssid,
      deployBody(product.Id, templates[1]!.Id, { PromotionCode: 'ONCE', Hostnames: ['doomed'] }),
    );
    expect(r.status).toBe(200);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000 - 1_700);
    expect(await waitTask(h, u.ssid, r.body.data, 60_000)).toEqual({ Status: 5, Step: 5 });
    const row = await instanceRow(r.body.data.InstanceId);
    expect(row).toMatchObject({ status: 'cancelled', vmid: null, ip_address: null });
    // The VM the deploy made is gone, and its VMID no longer held by the instance.
    const task = await h.db.query('select state from tasks where id = $1', [r.body.data.TaskId]);
    expect(task.rows[0].state.vmid).toBeGreaterThan(0);
    expect(hk.vm(task.rows[0].state.vmid)).toBeUndefined();
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000);
    const alloc = await h.db.query('select 1 from ip_allocations where instance_id = $1', [row.id]);
    expect(alloc.rowCount).toBe(0);
    const inv = await h.db.query('select status from invoices where instance_id = $1', [row.id]);
    expect(inv.rows).toEqual([{ status: 'cancelled' }]);
    // The promotion was not used up by the failed deploy.
    hk.faults.clear();
    const retry = await deploy(
      u.ssid,
      deployBody(product.Id, templates[1]!.Id, { PromotionCode: 'ONCE', Hostnames: ['second'] }),
    );
    expect(retry.status).toBe(200);
    expect(await waitTask(h, u.ssid, retry.body.data)).toEqual({ Status: 2, Step: 4 });
    const third = await deploy(
      u.ssid,
      deployBody(product.Id, templates[1]!.Id, { PromotionCode: 'ONCE', Hostnames: ['third'] }),
    );
    expect([third.body.code, third.body.fields]).toEqual([
      'invalid_promotion_code',
      { PromotionCode: 'promotion_used_up' },
    ]);
  });

  it('still deploys through lock timeouts, 5xx answers and a failed clone task', async () => {
    const u = await customer();
    const { product, templates } = await pick(h, u.ssid, 'Singapore', 'Standard', '1 vCPU · 2 GB');
    const sg = h.emulators.get('sg')!;
    sg.faults.add({ kind: 'lock-timeout', method: 'POST', path: /\/clone$/ });
    sg.faults.add({ kind: 'http-503', method: 'GET', path: /\/status\/current$/, times: 2 });
    sg.faults.add({ kind: 'lock-timeout', method: 'POST', path: /\/config$/ });
    sg.faults.add({ kind: 'http-500', method: 'GET', path: /^\/cluster\/resources$/, message: 'proxy loop' });
    sg.faults.add({ kind: 'task-fail', path: /\/clone$/, message: 'clone failed: storage hiccup' });
    const r = await deploy(u.ssid, deployBody(product.Id, templates[2]!.Id, { Hostnames: ['sturdy'] }));
    expect(await waitTask(h, u.ssid, r.body.data, 60_000)).toEqual({ Status: 2, Step: 4 });
    const row = await instanceRow(r.body.data.InstanceId);
    expect(sg.vm(row.vmid)?.status).toBe('running');
    expect(await expectLedgerBalanced(h, u.userId)).toBe(10_000 - 1_000);
  });
});
