import type { AddressInfo } from 'node:net';
import type { ConsoleTicket, DeployResult } from '@nimbus/contract';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { topUp, waitTask } from '../../../test/deploy-helpers.js';
import { deployFor } from '../../../test/instance-data-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { buildApp } from '../../app.js';
import { SocketReader } from './pipe.js';
import { END } from './registry.js';

// Open consoles are capped per customer and per instance, and an open console closes
// when its session signs out, the password is changed or reset, or the instance is suspended or
// destroyed. Everything goes through the real HTTP routes and console WebSockets, with the
// emulated cluster behind them.

let h: Harness;
let port: number;
type Customer = Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  h = await startHarness(
    {
      AUTH_RATE_LIMIT_SCALE: '50',
      CONSOLE_MAX_PER_CUSTOMER: '3',
      CONSOLE_MAX_PER_INSTANCE: '2',
      CONSOLE_RECHECK_SECONDS: '1',
    },
    { compute: {} },
  );
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
});
afterAll(() => h.close());

async function customer(): Promise<Customer> {
  const u = await signUp(h);
  await topUp(h, u.userId, 20_000);
  return u;
}

const deploy = async (u: Customer, hostname: string) => (await deployFor(h, u, hostname)).instanceId;

/** A second sign-in session of the same customer. */
async function signIn(u: Customer): Promise<string> {
  const r = await call<{ session_id: string }>(h, 'POST', '/api/login', {
    body: { Email: u.email, Password: u.password, AgreeTerms: true },
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.session_id;
}

const ticket = (ssid: string, id: number) =>
  call<ConsoleTicket>(h, 'POST', '/api/instance/xterm', { ssid, body: { id } });

/** Opens a terminal console with a fresh token; resolves once the guest's login prompt came through. */
async function openConsole(ssid: string, id: number) {
  const t = await ticket(ssid, id);
  expect(t.status, JSON.stringify(t.body)).toBe(200);
  return connect(id, t.body.data.Ticket);
}

async function connect(id: number, token: string, at = port) {
  const ws = new WebSocket(`ws://127.0.0.1:${at}/api/instance/xterm/ws?id=${id}&ticket=${encodeURIComponent(token)}`);
  const reader = new SocketReader(ws, 10_000);
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  let seen = '';
  const ready = (async () => {
    while (!seen.includes('login: ')) seen += (await reader.take(1)).toString('latin1');
  })();
  // A socket refused during its handshake never shows the prompt; the tests that expect one await it.
  ready.catch(() => undefined);
  return { ws, closed, ready };
}

/** Settles with the close code, or 'open' if the socket is still open after `ms`. */
const within = (closed: Promise<number>, ms: number) =>
  Promise.race([closed, new Promise<'open'>((r) => setTimeout(() => r('open'), ms))]);

describe('console caps', () => {
  it('refuses a console over the cap per instance and per customer, and admits one again after a close', async () => {
    const u = await customer();
    const a = await deploy(u, 'cap-a');
    const b = await deploy(u, 'cap-b');
    const a1 = await openConsole(u.ssid, a);
    const a2 = await openConsole(u.ssid, a);
    await Promise.all([a1.ready, a2.ready]);
    // Two open on instance a: a third ticket for it is refused.
    const over = await ticket(u.ssid, a);
    expect([over.status, over.body.code]).toEqual([429, 'rate_limit_exceeded']);

    // A token taken while under the cap does not open a socket past it.
    const early = await ticket(u.ssid, b);
    expect(early.status).toBe(200);
    const b1 = await openConsole(u.ssid, b);
    await b1.ready;
    // Three open for the customer: b is under its own cap, but the customer is not.
    const overCustomer = await ticket(u.ssid, b);
    expect([overCustomer.status, overCustomer.body.code]).toEqual([429, 'rate_limit_exceeded']);
    const late = await connect(b, early.body.data.Ticket);
    expect(await late.closed).toBe(END.tooMany);

    a1.ws.close();
    await a1.closed;
    const again = await openConsole(u.ssid, a);
    await again.ready;
    for (const s of [a2, b1, again]) s.ws.close();
    await Promise.all([a2.closed, b1.closed, again.closed]);
  });
});

describe('console caps across replicas', () => {
  it('counts the consoles another replica serves', async () => {
    // A second server process on the same database and clusters: its own memory, its own sockets.
    const replica = await buildApp({ ...h.ctx });
    await replica.listen({ port: 0, host: '127.0.0.1' });
    const replicaPort = (replica.server.address() as AddressInfo).port;
    try {
      const u = await customer();
      const id = await deploy(u, 'replica-1');
      const here = [await openConsole(u.ssid, id), await openConsole(u.ssid, id)];
      await Promise.all(here.map((s) => s.ready));
      // The instance's cap is reached on this replica: the other refuses a ticket and a socket.
      const r = await replica.inject({
        method: 'POST',
        url: '/api/instance/xterm',
        headers: { ssid: u.ssid },
        payload: { id },
      });
      expect([r.statusCode, r.json<{ code: string }>().code]).toEqual([429, 'rate_limit_exceeded']);
      here[0]!.ws.close();
      await here[0]!.closed;
      // Two tokens while one console is open: the first socket takes the last place, on either replica.
      const t1 = await ticket(u.ssid, id);
      const t2 = await ticket(u.ssid, id);
      const there = await connect(id, t1.body.data.Ticket, replicaPort);
      await there.ready;
      const late = await connect(id, t2.body.data.Ticket);
      expect(await late.closed).toBe(END.tooMany);
      for (const s of [here[1]!, there]) s.ws.close();
      await Promise.all([here[1]!.closed, there.closed]);
    } finally {
      await replica.close();
    }
  });
});

describe('consoles that end with their session or instance', () => {
  it('closes the consoles of a session that signs out, not those of another session', async () => {
    const u = await customer();
    const id = await deploy(u, 'logout-1');
    const other = await signIn(u);
    const mine = await openConsole(u.ssid, id);
    const theirs = await openConsole(other, id);
    await Promise.all([mine.ready, theirs.ready]);
    expect((await call(h, 'POST', '/api/logout', { ssid: other })).status).toBe(200);
    expect(await within(theirs.closed, 3_000)).toBe(END.revoked);
    expect(await within(mine.closed, 500)).toBe('open');
    mine.ws.close();
    await mine.closed;
  });

  it('closes the consoles of the other sessions when the password changes', async () => {
    const u = await customer();
    const id = await deploy(u, 'password-1');
    const thief = await signIn(u);
    const stolen = await openConsole(thief, id);
    await stolen.ready;
    const r = await call(h, 'POST', '/api/user/password/set', {
      ssid: u.ssid,
      body: { Password: u.password, NewPassword: 'a-brand-new-password-9' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await within(stolen.closed, 3_000)).toBe(END.revoked);
  });

  it('closes the consoles of an instance that is suspended, within the re-check period', async () => {
    const u = await customer();
    const id = await deploy(u, 'suspend-1');
    const s = await openConsole(u.ssid, id);
    await s.ready;
    // As the renewal pass suspends an unpaid instance (its worker may run in another process).
    await h.db.query('update instances set suspended_at = now() where id = $1', [id]);
    expect(await within(s.closed, 5_000)).toBe(END.revoked);
  });

  it('closes the consoles of an instance as soon as it is destroyed', async () => {
    const u = await customer();
    const id = await deploy(u, 'destroy-1');
    const s = await openConsole(u.ssid, id);
    await s.ready;
    const r = await call<number>(h, 'POST', '/api/instance/destroy', {
      ssid: u.ssid,
      body: { Id: id, Hostname: 'destroy-1' },
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await within(s.closed, 500)).toBe(END.revoked);
    // Let the destroy finish before the harness stops its workers.
    expect(await waitTask(h, u.ssid, { InstanceId: id, TaskId: r.body.data } as DeployResult, 30_000)).toMatchObject({
      Status: 2,
    });
  });
});
