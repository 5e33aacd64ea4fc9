import type { DeployResult, InstanceLiveStatus } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';

// GET api/instance/status over real HTTP: a first poll, read from the database and Proxmox, and the
// steady state, answered from memory with cached bytes. Behind a trusted proxy on loopback, so that
// the rate limit is keyed by the forwarded client address.
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

beforeAll(async () => {
  owner = await signUp(h);
  other = await signUp(h);
  await topUp(h, owner.userId, 100_000);
  const { product, templates } = await pick(h, owner.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: owner.ssid,
    body: deployBody(product.Id, templates[0]!.Id, { Hostnames: ['watched-1'] }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  vm = r.body.data;
  expect(await waitTask(h, owner.ssid, vm)).toEqual({ Status: 2, Step: 4 });
}, 60_000);

describe('GET api/instance/status over HTTP', () => {
  it('answers a remembered poll from memory with the answer of a first poll', async () => {
    const from = `198.51.100.${++client}`;
    const first = await poll(owner.ssid, `id=${vm.InstanceId}`, from);
    expect(first.status).toBe(200);
    expect(first.body.data).toMatchObject({ Name: 'watched-1', State: 'running' });

    const second = await poll(owner.ssid, `id=${vm.InstanceId}`, from);
    expect(second.status).toBe(200);
    // The same headers (the date aside), in the same order, and the same answer.
    const { date: _d1, ...routeHeaders } = first.headers;
    const { date: _d2, ...steadyHeaders } = second.headers;
    expect(Object.keys(steadyHeaders)).toEqual(Object.keys(routeHeaders));
    expect(steadyHeaders).toEqual(routeHeaders);
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

  it('refuses another customer’s id, a missing session and a bad id once the owner’s poll is remembered', async () => {
    const from = `198.51.100.${++client}`;
    await poll(owner.ssid, `id=${vm.InstanceId}`, from);
    for (let i = 0; i < 2; i++) {
      const theirs = await poll(other.ssid, `id=${vm.InstanceId}`, from);
      expect([theirs.status, theirs.body.code]).toEqual([404, 'instance_not_exist']);
      const unsigned = await poll(null, `id=${vm.InstanceId}`, from);
      expect([unsigned.status, unsigned.body.code]).toEqual([401, 'need_login']);
      const zero = await poll(owner.ssid, 'id=0', from);
      expect([zero.status, zero.body.code]).toEqual([400, 'wrong_search_data']);
      // The route reads 05 as 5: the same instance.
      const padded = await poll(owner.ssid, `id=0${vm.InstanceId}`, from);
      expect([padded.status, padded.body.data.Name]).toEqual([200, 'watched-1']);
    }
  });

  it('counts answers from memory against the client’s rate limit', async () => {
    const from = `198.51.100.${++client}`;
    let answered = 0;
    let refused: Awaited<ReturnType<typeof poll>> | null = null;
    for (let i = 0; i <= BUDGET && !refused; i++) {
      const r = await poll(owner.ssid, `id=${vm.InstanceId}`, from);
      if (r.status === 429) refused = r;
      else {
        expect(r.status).toBe(200);
        answered++;
      }
    }
    expect(answered).toBe(BUDGET);
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
    expect((await poll(ssid, `id=${vm.InstanceId}`, from)).status).toBe(200);
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
