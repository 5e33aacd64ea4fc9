import type { DeployResult, InstanceLiveStatus } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';

// GET api/instance/status over real HTTP, where its steady state is answered by the hot path in
// front of Fastify (plugins/hot-paths.ts) and everything else by the route. Behind a trusted proxy
// on loopback, so that the rate limit is keyed by the forwarded client address.
const BUDGET = 300;
let h: Harness;
let base: string;
beforeAll(async () => {
  h = await startHarness(
    { AUTH_RATE_LIMIT_SCALE: '50', RATE_LIMIT_PER_MINUTE: String(BUDGET), TRUST_PROXY: 'loopback' },
    { compute: {} },
  );
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(() => h.close());

type Customer = Awaited<ReturnType<typeof signUp>>;
let owner: Customer;
let other: Customer;
let vm: DeployResult;
/** Each test polls as its own client address, so that each has the whole budget. */
let client = 0;

async function poll(ssid: string | null, query: string, from: string) {
  const res = await fetch(`${base}/api/instance/status?${query}`, {
    headers: { ...(ssid ? { ssid } : {}), 'x-forwarded-for': from },
  });
  const headers = Object.fromEntries(res.headers.entries());
  return { status: res.status, headers, body: (await res.json()) as { data: InstanceLiveStatus; code?: string } };
}

/** Polls once, and says whether the hot path answered it. */
async function pollCounted(ssid: string | null, query: string, from: string) {
  const before = h.app.hotPaths.answered;
  const r = await poll(ssid, query, from);
  return { ...r, hot: h.app.hotPaths.answered === before + 1 };
}

beforeAll(async () => {
  owner = await signUp(h);
  other = await signUp(h);
  await topUp(h, owner.userId, 100_000);
  const { product, templates } = await pick(h, owner.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: owner.ssid,
    body: deployBody(product.Id, templates[0]!.Id, { Hostnames: ['hot-1'] }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  vm = r.body.data;
  expect(await waitTask(h, owner.ssid, vm)).toEqual({ Status: 2, Step: 4 });
}, 60_000);

describe('GET api/instance/status over HTTP', () => {
  it('answers a remembered poll before Fastify with the answer the route gives', async () => {
    const from = `198.51.100.${++client}`;
    const first = await pollCounted(owner.ssid, `id=${vm.InstanceId}`, from);
    expect(first.status).toBe(200);
    expect(first.hot).toBe(false);
    expect(first.body.data).toMatchObject({ Name: 'hot-1', State: 'running' });

    const second = await pollCounted(owner.ssid, `id=${vm.InstanceId}`, from);
    expect(second.status).toBe(200);
    expect(second.hot).toBe(true);
    // The same headers (the date aside), in the same order, and the same answer.
    const { date: _d1, ...routeHeaders } = first.headers;
    const { date: _d2, ...hotHeaders } = second.headers;
    expect(Object.keys(hotHeaders)).toEqual(Object.keys(routeHeaders));
    expect(hotHeaders).toEqual(routeHeaders);
    const {
      Time: _t1,
      Cpu: _c1,
      Mem: _m1,
      Netin: _i1,
      Netout: _o1,
      Diskread: _r1,
      Diskwrite: _w1,
      Uptime: _u1,
      ...a
    } = first.body.data;
    const {
      Time: _t2,
      Cpu: _c2,
      Mem: _m2,
      Netin: _i2,
      Netout: _o2,
      Diskread: _r2,
      Diskwrite: _w2,
      Uptime: _u2,
      ...b
    } = second.body.data;
    expect(b).toEqual(a);
    expect(second.body.data.Time).toBeGreaterThanOrEqual(first.body.data.Time);
  });

  it('leaves another customer’s id, a missing session and an unusual query to the route', async () => {
    const from = `198.51.100.${++client}`;
    await poll(owner.ssid, `id=${vm.InstanceId}`, from);
    for (let i = 0; i < 2; i++) {
      const theirs = await pollCounted(other.ssid, `id=${vm.InstanceId}`, from);
      expect([theirs.status, theirs.body.code, theirs.hot]).toEqual([404, 'instance_not_exist', false]);
      const unsigned = await pollCounted(null, `id=${vm.InstanceId}`, from);
      expect([unsigned.status, unsigned.body.code, unsigned.hot]).toEqual([401, 'need_login', false]);
      const zero = await pollCounted(owner.ssid, 'id=0', from);
      expect([zero.status, zero.body.code, zero.hot]).toEqual([400, 'wrong_search_data', false]);
      // The route reads 05 as 5: the same instance, answered by the route.
      const padded = await pollCounted(owner.ssid, `id=0${vm.InstanceId}`, from);
      expect([padded.status, padded.body.data.Name, padded.hot]).toEqual([200, 'hot-1', false]);
    }
  });

  it('counts hot answers against the client’s rate limit', async () => {
    const from = `198.51.100.${++client}`;
    let answered = 0;
    let hot = 0;
    let refused: Awaited<ReturnType<typeof poll>> | null = null;
    for (let i = 0; i <= BUDGET && !refused; i++) {
      const r = await pollCounted(owner.ssid, `id=${vm.InstanceId}`, from);
      if (r.status === 429) refused = r;
      else {
        expect(r.status).toBe(200);
        answered++;
        if (r.hot) hot++;
      }
    }
    expect(answered).toBe(BUDGET);
    expect(hot).toBeGreaterThan(BUDGET / 2);
    expect(refused?.body.code).toBe('rate_limit_exceeded');
    expect(Number(refused?.headers['retry-after'])).toBeGreaterThan(0);
    // Another client behind the same proxy has a budget of its own.
    const elsewhere = await poll(owner.ssid, `id=${vm.InstanceId}`, `198.51.100.${++client}`);
    expect(elsewhere.status).toBe(200);
  });

  it('stops answering a session once it is signed out', async () => {
    const from = `198.51.100.${++client}`;
    const leaving = await call<{ session_id: string }>(h, 'POST', '/api/login', {
      body: { Email: owner.email, Password: owner.password, AgreeTerms: true },
    });
    expect(leaving.status, JSON.stringify(leaving.body)).toBe(200);
    const ssid = leaving.body.data.session_id;
    await poll(ssid, `id=${vm.InstanceId}`, from);
    expect((await pollCounted(ssid, `id=${vm.InstanceId}`, from)).hot).toBe(true);
    expect((await call(h, 'POST', '/api/logout', { ssid })).status).toBe(200);
    // Revalidated every 2 s, 5 s at worst.
    const until = Date.now() + 8_000;
    let last = await poll(ssid, `id=${vm.InstanceId}`, from);
    while (last.status === 200 && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 100));
      last = await poll(ssid, `id=${vm.InstanceId}`, from);
    }
    expect([last.status, last.body.code]).toEqual([401, 'invalid_session']);
  });
});
