import type { DeployResult, InstanceDetail, InstanceList, InstanceStatus, Region } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { catalogue, deployBody, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { instances } from './repository.js';

let h: Harness;
beforeAll(async () => {
  // Each test signs up its own customers from one address; sign-up throttles have their own tests.
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const DAY = 86_400_000;

const list = (u: Customer, query = '') => call<InstanceList>(h, 'GET', `/api/instances${query}`, { ssid: u.ssid });
const detail = (u: Customer, id: number | string) =>
  call<InstanceDetail>(h, 'GET', `/api/instance/get?id=${id}`, { ssid: u.ssid });

async function listed(u: Customer, query = ''): Promise<InstanceList> {
  const r = await list(u, query);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

/** A product of the catalogue as customers see it, with its region, group and images. */
async function offer(u: Customer, region: string, group: string, product: string) {
  const regions: Region[] = await catalogue(h, u.ssid);
  const r = regions.find((x) => x.Name === region)!;
  const g = r.Groups.find((x) => x.Name === group)!;
  const p = g.Products.find((x) => x.Name === product)!;
  const templates = await call<{ Id: number; Name: string; Distribution: string }[]>(
    h,
    'GET',
    `/api/product/templates?productId=${p.Id}`,
    { ssid: u.ssid },
  );
  return { region: r, group: g, product: p, templates: templates.body.data };
}

/** Deploys for real through POST /api/deploy and waits for the provisioning task to end. */
async function deployed(u: Customer, body: object): Promise<DeployResult> {
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', { ssid: u.ssid, body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await waitTask(h, u.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
  return r.body.data;
}

type Offer = Awaited<ReturnType<typeof offer>>;

/**
 * An instance written straight through the repository (as an operator's import would be), with the
 * status, address and creation time a test needs: many instances without waiting for many deploys.
 */
async function stored(
  u: Customer,
  o: Offer,
  s: { hostname: string; status?: InstanceStatus; ip?: string; createdAt?: Date },
): Promise<number> {
  const row = await instances.create(h.db, {
    userId: u.userId,
    productId: o.product.Id,
    imageId: o.templates[0]!.Id,
    regionId: o.region.Id,
    cluster: 'jp/jp-1',
    hostname: s.hostname,
    username: 'root',
    cycle: 'annually',
    months: 12,
    price: 5_000,
    currency: 'USD',
    autoRenew: false,
  });
  if (s.ip) await instances.setAddress(h.db, row.id, { address: s.ip, gateway: '198.51.100.1', prefix: 24 });
  if (s.status) await instances.setStatus(h.db, row.id, s.status);
  if (s.createdAt) await h.db.query('update instances set created_at = $2 where id = $1', [row.id, s.createdAt]);
  return row.id;
}

const ids = (l: InstanceList) => l.Items.map((i) => i.Id);

describe('deployed instances', () => {
  it('lists and details a deployed instance with its catalogue names, size and network', async () => {
    const u = await signUp(h);
    await topUp(h, u.userId, 10_000);
    expect(await listed(u)).toEqual({ Total: 0, Items: [] });

    const hk = await offer(u, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    const image = hk.templates[0]!;
    const before = Date.now();
    const d = await deployed(u, deployBody(hk.product.Id, image.Id, { Hostnames: ['web-1'] }));

    const page = await listed(u);
    expect(page.Total).toBe(1);
    const summary = page.Items[0]!;
    expect(summary).toEqual({
      Id: d.InstanceId,
      Hostname: 'web-1',
      Status: 'available',
      IpAddress: expect.stringMatching(/^203\.0\.113\.\d{1,3}$/),
      RegionId: hk.region.Id,
      RegionName: 'Hong Kong',
      CountryCode: 'hk',
      ProductId: hk.product.Id,
      ProductName: '1 vCPU · 1 GB',
      TypeName: 'Standard',
      ImageId: image.Id,
      ImageName: image.Name,
      Distribution: image.Distribution,
      Cycle: 'Month',
      Price: 500,
      Currency: 'USD',
      AutoRenew: true,
      DueAt: expect.stringMatching(ISO),
      SuspendedAt: null,
      DestroyedAt: null,
      UnpaidInvoiceId: null,
      CreatedAt: expect.stringMatching(ISO),
      RunningTask: null,
    });
    const created = Date.parse(summary.CreatedAt);
    expect(created).toBeGreaterThanOrEqual(before - 1_000);
    expect(created).toBeLessThanOrEqual(Date.now() + 1_000);
    // One monthly cycle paid: due between 28 and 31 days after the deploy.
    const due = Date.parse(summary.DueAt) - created;
    expect(due).toBeGreaterThanOrEqual(28 * DAY - 1_000);
    expect(due).toBeLessThanOrEqual(31 * DAY + 1_000);

    const r = await detail(u, d.InstanceId);
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({
      ...summary,
      Username: 'ada',
      Cores: hk.product.Cores,
      Memory: hk.product.Memory,
      Disk: hk.product.Disk,
      Bandwidth: hk.product.Bandwidth,
      Gateway: '203.0.113.1',
      Prefix: 24,
      Mac: expect.stringMatching(/^([0-9A-F]{2}:){5}[0-9A-F]{2}$/i),
      NeedsRestart: false,
      LastFailure: null,
    });
    expect([r.body.data.Cores, r.body.data.Memory, r.body.data.Disk]).toEqual([1, 1024, 25]);
    // The address and MAC are the ones the VM was given.
    const vmid = (await h.db.query('select vmid from instances where id = $1', [d.InstanceId])).rows[0].vmid;
    const vm = h.emulators.get('hk')!.vm(vmid)!;
    expect(vm.config.ipconfig0).toBe(`ip=${summary.IpAddress}/24,gw=203.0.113.1`);
    expect(vm.config.net0).toContain(`=${r.body.data.Mac}`);
  });

  it('shows the cycle code and renewal price of each deploy, newest first', async () => {
    const u = await signUp(h);
    await topUp(h, u.userId, 100_000);
    const sg = await offer(u, 'Singapore', 'Standard', '1 vCPU · 1 GB');
    const first = await deployed(
      u,
      deployBody(sg.product.Id, sg.templates[0]!.Id, { Cycle: 'Quarter', Hostnames: ['quarterly'] }),
    );
    const second = await deployed(
      u,
      deployBody(sg.product.Id, sg.templates[0]!.Id, { Cycle: 'Year', Hostnames: ['yearly'] }),
    );
    const page = await listed(u);
    expect(page.Items.map((i) => [i.Id, i.Hostname, i.Cycle, i.Price, i.CountryCode])).toEqual([
      [second.InstanceId, 'yearly', 'Year', 5_100, 'sg'],
      [first.InstanceId, 'quarterly', 'Quarter', 1_425, 'sg'],
    ]);
    expect(page.Total).toBe(2);
  });
});

describe('listing', () => {
  it('orders by creation time, newest first, then by id; pages with limit and page; Total counts all', async () => {
    const u = await signUp(h);
    const jp = await offer(u, 'Tokyo', 'Standard', '1 vCPU · 2 GB');
    const now = Date.now();
    const a = await stored(u, jp, { hostname: 'a', createdAt: new Date(now - 3 * DAY) });
    const b = await stored(u, jp, { hostname: 'b', createdAt: new Date(now - 1 * DAY) });
    const c = await stored(u, jp, { hostname: 'c', createdAt: new Date(now - 2 * DAY) });
    const d = await stored(u, jp, { hostname: 'd', createdAt: new Date(now - 2 * DAY) });
    // Imported last, created first: the creation time decides, not the id.
    const e = await stored(u, jp, { hostname: 'e', createdAt: new Date(now - 4 * DAY) });

    expect(ids(await listed(u))).toEqual([b, d, c, a, e]);
    expect(await listed(u, '?limit=2')).toMatchObject({ Total: 5, Items: [{ Id: b }, { Id: d }] });
    expect(ids(await listed(u, '?limit=2&page=2'))).toEqual([c, a]);
    expect(await listed(u, '?limit=2&page=3')).toMatchObject({ Total: 5, Items: [{ Id: e }] });
    expect(await listed(u, '?limit=2&page=4')).toEqual({ Total: 5, Items: [] });
    expect(ids(await listed(u, '?limit=100&page=1'))).toEqual([b, d, c, a, e]);

    const row = (await listed(u, '?limit=1')).Items[0]!;
    expect(row).toMatchObject({
      Hostname: 'b',
      Status: 'creating',
      IpAddress: null,
      RegionName: 'Tokyo',
      CountryCode: 'jp',
      TypeName: 'Standard',
      ProductName: '1 vCPU · 2 GB',
      Cycle: 'Year',
      Price: 5_000,
      AutoRenew: false,
      CreatedAt: new Date(now - DAY).toISOString(),
    });
  });

  it('returns 20 by default', async () => {
    const u = await signUp(h);
    const jp = await offer(u, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
    for (let i = 0; i < 21; i++) await stored(u, jp, { hostname: `n-${i}` });
    const page = await listed(u);
    expect([page.Total, page.Items.length]).toEqual([21, 20]);
    expect(page.Items[0]!.Hostname).toBe('n-20');
    expect((await listed(u, '?page=2')).Items.map((i) => i.Hostname)).toEqual(['n-0']);
  });

  it('filters by status, destroyed ones only when asked for', async () => {
    const u = await signUp(h);
    const jp = await offer(u, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
    const up = await stored(u, jp, { hostname: 'up', status: 'available' });
    const gone = await stored(u, jp, { hostname: 'gone', status: 'destroyed' });
    const paused = await stored(u, jp, { hostname: 'held', status: 'paused' });
    const up2 = await stored(u, jp, { hostname: 'up-2', status: 'available' });

    expect(await listed(u)).toMatchObject({ Total: 3, Items: [{ Id: up2 }, { Id: paused }, { Id: up }] });
    expect(await listed(u, '?status=available')).toMatchObject({ Total: 2, Items: [{ Id: up2 }, { Id: up }] });
    expect(await listed(u, '?status=destroyed')).toMatchObject({
      Total: 1,
      Items: [{ Id: gone, Status: 'destroyed' }],
    });
    expect(ids(await listed(u, '?status=paused'))).toEqual([paused]);
    expect(await listed(u, '?status=pending')).toEqual({ Total: 0, Items: [] });
    expect(await listed(u, '?status=available&limit=1&page=2')).toMatchObject({ Total: 2, Items: [{ Id: up }] });
  });

  it('searches hostnames in any case and IP addresses by prefix or part', async () => {
    const u = await signUp(h);
    const jp = await offer(u, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
    const prod = await stored(u, jp, { hostname: 'Web-Prod-1', ip: '198.51.100.7', status: 'available' });
    const db = await stored(u, jp, { hostname: 'db-primary', ip: '198.51.100.70', status: 'available' });
    const edge = await stored(u, jp, { hostname: 'edge', ip: '192.0.2.17', status: 'paused' });
    const web2 = await stored(u, jp, { hostname: 'web-2' });

    const search = async (q: string, more = '') => ids(await listed(u, `?search=${encodeURIComponent(q)}${more}`));
    expect(await search('web')).toEqual([web2, prod]);
    expect(await search('PROD')).toEqual([prod]);
    expect(await search('  db-  ')).toEqual([db]);
    expect(await search('198.51.100.7')).toEqual([db, prod]);
    expect(await search('198.51.')).toEqual([db, prod]);
    expect(await search('100.70')).toEqual([db]);
    expect(await search('.17')).toEqual([edge]);
    expect(await search('192.0.2.17')).toEqual([edge]);
    expect(await search('203.0.113')).toEqual([]);
    expect(await search('nothing-like-this')).toEqual([]);
    // LIKE wildcards are searched for literally.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    // An empty search is no search.
    expect(await search('')).toEqual([web2, edge, db, prod]);
    expect(await search('   ')).toEqual([web2, edge, db, prod]);
    // Search, status and paging combine; Total counts every match.
    expect(await search('198.51', '&status=available&limit=1')).toEqual([db]);
    expect((await listed(u, '?search=198.51&limit=1')).Total).toBe(2);
    expect(await search('web', '&status=available')).toEqual([prod]);
  });

  it('refuses bad query strings with 400 wrong_search_data and a message per field', async () => {
    const u = await signUp(h);
    const cases: [string, Record<string, string>][] = [
      ['?status=bogus', { status: 'invalid_value' }],
      ['?limit=0', { limit: 'invalid_value' }],
      ['?limit=101', { limit: 'invalid_value' }],
      ['?limit=-5', { limit: 'invalid_value' }],
      ['?limit=1.5', { limit: 'invalid_value' }],
      ['?limit=ten', { limit: 'invalid_value' }],
      ['?page=0', { page: 'invalid_value' }],
      ['?page=x&limit=0', { page: 'invalid_value', limit: 'invalid_value' }],
      [`?search=${'w'.repeat(129)}`, { search: 'incorrect_length' }],
    ];
    for (const [query, fields] of cases) {
      const r = await list(u, query);
      expect([r.status, r.body], query).toEqual([
        400,
        { code: 'wrong_search_data', message: 'The query string is invalid.', data: null, fields },
      ]);
    }
    expect((await list(u, `?search=${'w'.repeat(128)}&limit=100`)).status).toBe(200);
    for (const id of ['0', '-1', 'abc', '1.5', String(2 ** 31), '']) {
      const r = await detail(u, id);
      expect([r.status, r.body.code, r.body.fields], id).toEqual([400, 'wrong_search_data', { id: 'invalid_value' }]);
    }
    const noId = await call(h, 'GET', '/api/instance/get', { ssid: u.ssid });
    expect([noId.status, noId.body.fields]).toEqual([400, { id: 'invalid_value' }]);
  });
});

describe('ownership and sessions', () => {
  it("answers another customer's instance, or an unknown one, as not found and never lists it", async () => {
    const owner = await signUp(h);
    const other = await signUp(h);
    const jp = await offer(owner, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
    const mine = await stored(owner, jp, { hostname: 'private-box', ip: '198.51.100.99', status: 'available' });
    const theirs = await stored(other, jp, { hostname: 'their-box', status: 'available' });

    for (const r of [await detail(other, mine), await detail(owner, theirs), await detail(owner, mine + 1_000_000)]) {
      expect([r.status, r.body]).toEqual([
        404,
        { code: 'instance_not_exist', message: 'Instance not found (contact admin or open a ticket).', data: null },
      ]);
    }
    expect((await detail(owner, mine)).body.data.Hostname).toBe('private-box');
    expect(ids(await listed(other))).toEqual([theirs]);
    expect(await listed(other, '?search=private')).toEqual({ Total: 0, Items: [] });
    expect(await listed(other, '?search=198.51.100.99')).toEqual({ Total: 0, Items: [] });
    expect(ids(await listed(owner))).toEqual([mine]);
  });

  it('needs a session, like every customer route', async () => {
    for (const url of ['/api/instances', '/api/instances?limit=8', '/api/instance/get?id=1']) {
      const none = await call(h, 'GET', url);
      expect([none.status, none.body.code, none.body.data], url).toEqual([401, 'need_login', null]);
      const bogus = await call(h, 'GET', url, { ssid: 'not-a-session' });
      expect([bogus.status, bogus.body.code], url).toEqual([401, 'invalid_session']);
    }
  });
});
