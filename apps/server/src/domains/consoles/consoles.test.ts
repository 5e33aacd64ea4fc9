import type { AddressInfo } from 'node:net';
import type { ConsoleTicket, DeployResult } from '@nimbus/contract';
import WebSocket from 'ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { deployBody, pick, topUp, waitTask } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { instances } from '../instances/index.js';
import { SocketReader } from './pipe.js';
import { CONSOLE_TOKEN_RULE } from './service.js';
import { CLOSE } from './session.js';

let h: Harness;
let port: number;
type Customer = Awaited<ReturnType<typeof signUp>>;
let owner: Customer;
let stranger: Customer;
let instanceId: number;

beforeAll(async () => {
  h = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' }, { compute: {} });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  owner = await signUp(h);
  stranger = await signUp(h);
  await topUp(h, owner.userId, 10_000);
  const { product, templates } = await pick(h, owner.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: owner.ssid,
    body: deployBody(product.Id, templates[0]!.Id),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await waitTask(h, owner.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
  instanceId = r.body.data.InstanceId;
});
afterAll(() => h.close());

const ticket = (u: Customer, kind: 'vnc' | 'xterm', body: unknown = { id: instanceId }) =>
  call<ConsoleTicket>(h, 'POST', `/api/instance/${kind}`, { ssid: u.ssid, body });

async function issued(kind: 'vnc' | 'xterm'): Promise<string> {
  const r = await ticket(owner, kind);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data.Ticket;
}

/** Opens a console socket as a browser would, with a reader attached before anything arrives. */
function open(kind: 'vnc' | 'xterm', t: string, id: number = instanceId) {
  const ws = new WebSocket(`ws://127.0.0.1:${port}/api/instance/${kind}/ws?id=${id}&ticket=${encodeURIComponent(t)}`, [
    'binary',
  ]);
  const reader = new SocketReader(ws, 10_000);
  const opened = new Promise<void>((resolve) => ws.once('open', () => resolve()));
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    ws.on('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  );
  return { ws, reader, closed, opened };
}

async function vm() {
  const row = (await instances.get(h.db, instanceId))!;
  return { row, client: h.ctx.compute!.cluster(row.cluster)!.client };
}

describe('POST api/instance/vnc and api/instance/xterm', () => {
  it('issues a token and this origin’s port for the owner’s running instance', async () => {
    for (const kind of ['vnc', 'xterm'] as const) {
      const r = await ticket(owner, kind);
      expect(r.status).toBe(200);
      expect(r.body.data.Port).toBe(80); // inject()'s Host header has no port: PUBLIC_URL's default, http://localhost:80
      expect(r.body.data.Ticket).toMatch(/^[A-Za-z0-9_-]{32}$/);
      const stored = await h.db.query('select count(*)::int as n from console_tokens where token_hash = $1', [
        r.body.data.Ticket,
      ]);
      expect(stored.rows[0].n).toBe(0); // only its hash is kept
    }
  });

  it('is "not found" for another customer’s or a missing instance', async () => {
    for (const kind of ['vnc', 'xterm'] as const) {
      const theirs = await ticket(stranger, kind);
      expect([theirs.status, theirs.body.code]).toEqual([404, 'instance_not_exist']);
      const missing = await ticket(owner, kind, { id: 999_999 });
      expect([missing.status, missing.body.code]).toEqual([404, 'instance_not_exist']);
    }
  });

  it('refuses bad bodies and callers without a session', async () => {
    for (const body of [{}, { id: 'x' }, { id: 0 }, { id: 1.5 }, { Id: instanceId }]) {
      const r = await ticket(owner, 'vnc', body);
      expect([r.status, r.body.code, r.body.fields]).toEqual([400, 'parse_data_error', { id: expect.any(String) }]);
    }
    const r = await call(h, 'POST', '/api/instance/xterm', { body: { id: instanceId } });
    expect(r.status).toBe(401);
  });

  it('is wrong_status when the VM does not run or the instance is not active', async () => {
    const { row, client } = await vm();
    await client.qemu.power(row.node!, row.vmid!, 'stop');
    try {
      const stopped = await ticket(owner, 'vnc');
      expect([stopped.status, stopped.body.code]).toEqual([409, 'wrong_status']);
    } finally {
      await client.qemu.power(row.node!, row.vmid!, 'start');
    }
    await instances.setStatus(h.db, instanceId, 'recreating');
    try {
      const reinstalling = await ticket(owner, 'xterm');
      expect([reinstalling.status, reinstalling.body.code]).toEqual([409, 'wrong_status']);
    } finally {
      await instances.setStatus(h.db, instanceId, 'available');
    }
  });

  it('limits how many tokens one customer takes', async () => {
    const u = await signUp(h);
    await h.db.query('update instances set user_id = $1 where id = $2', [u.userId, instanceId]);
    try {
      const codes: number[] = [];
      for (let i = 0; i <= CONSOLE_TOKEN_RULE.limit; i++) codes.push((await ticket(u, 'vnc')).status);
      expect(codes.slice(0, -1).every((c) => c === 200)).toBe(true);
      expect(codes.at(-1)).toBe(429);
    } finally {
      await h.db.query('update instances set user_id = $1 where id = $2', [owner.userId, instanceId]);
    }
  });
});

describe('the console WebSockets', () => {
  it('close with 4401 for a wrong token, without proxying anything', async () => {
    const s = open('vnc', 'not-a-token');
    expect(await s.closed).toEqual({ code: CLOSE.badTicket, reason: 'invalid console ticket' });
    await expect(s.reader.take(1)).rejects.toThrow();
  });

  it('take a token once only', async () => {
    const t = await issued('xterm');
    const first = open('xterm', t);
    await first.reader.take(1);
    const second = open('xterm', t);
    expect((await second.closed).code).toBe(CLOSE.badTicket);
    first.ws.close();
  });

  it('refuse an expired token, one for the other console, and one for another instance', async () => {
    const expired = await issued('vnc');
    await h.db.query("update console_tokens set expires_at = now() - interval '1 second'");
    expect((await open('vnc', expired).closed).code).toBe(CLOSE.badTicket);

    const forVnc = await issued('vnc');
    expect((await open('xterm', forVnc).closed).code).toBe(CLOSE.badTicket);
    // Spent by that attempt: not usable on the right socket afterwards either.
    expect((await open('vnc', forVnc).closed).code).toBe(CLOSE.badTicket);

    // Another customer's instance: the owner's token does not open it.
    const { row } = await vm();
    const theirs = await instances.create(h.db, {
      userId: stranger.userId,
      productId: row.product_id,
      imageId: row.image_id,
      regionId: row.region_id,
      cluster: row.cluster,
      hostname: 'theirs-1',
      username: 'root',
      cycle: 'monthly',
      months: 1,
      price: row.price,
      currency: row.currency,
      autoRenew: false,
    });
    const other = await issued('vnc');
    expect((await open('vnc', other, theirs.id).closed).code).toBe(CLOSE.badTicket);
    expect((await open('vnc', await issued('vnc'), instanceId + 1000).closed).code).toBe(CLOSE.badTicket);
  });

  it('answers a 400 before upgrading when the query is malformed', async () => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/api/instance/vnc/ws?id=abc&ticket=x`);
    const status = await new Promise<number>((resolve) =>
      ws.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(status).toBe(400);
  });

  it('serves VNC: RFB 3.8 with no authentication to the browser, Proxmox’s screen behind it', async () => {
    const s = open('vnc', await issued('vnc'));
    expect((await s.reader.take(12)).toString()).toBe('RFB 003.008\n');
    s.ws.send(Buffer.from('RFB 003.008\n'));
    // One security type, None: the proxy already answered Proxmox's VNC challenge.
    expect([...(await s.reader.take(2))]).toEqual([1, 1]);
    s.ws.send(Buffer.from([1]));
    expect((await s.reader.take(4)).readUInt32BE(0)).toBe(0);
    s.ws.send(Buffer.from([1])); // ClientInit, shared
    const head = await s.reader.take(24);
    const [width, height] = [head.readUInt16BE(0), head.readUInt16BE(2)];
    expect(width).toBeGreaterThan(0);
    const name = (await s.reader.take(head.readUInt32BE(20))).toString();
    expect(name).toContain('web-1');
    const request = Buffer.alloc(10);
    request.writeUInt8(3, 0);
    request.writeUInt16BE(width, 6);
    request.writeUInt16BE(height, 8);
    s.ws.send(request);
    const update = await s.reader.take(4);
    expect(update[0]).toBe(0); // FramebufferUpdate
    expect(update.readUInt16BE(2)).toBeGreaterThan(0);
    const rect = await s.reader.take(12);
    expect(rect.readInt32BE(8)).toBe(0); // Raw encoding
    const bpp = head.readUInt8(4) / 8;
    const pixels = await s.reader.take(rect.readUInt16BE(4) * rect.readUInt16BE(6) * bpp);
    expect(pixels.some((b) => b !== 0)).toBe(true); // the login screen has text on it
    s.ws.close();
    expect((await s.closed).code).toBe(1005);
  });

  it('serves the terminal: logs in to the guest with its credentials and runs a command', async () => {
    const s = open('xterm', await issued('xterm'));
    let seen = '';
    const until = async (text: string) => {
      while (!seen.includes(text)) seen += (await s.reader.take(1)).toString('latin1');
    };
    const type = (text: string) => s.ws.send(`0:${Buffer.byteLength(text)}:${text}`);
    await s.opened;
    s.ws.send('1:100:30:');
    await until('web-1 login: ');
    expect(seen).not.toContain('OK'); // termproxy's answer to the login line stays with the proxy
    type('ada\r');
    await until('Password: ');
    type('correct horse battery\r');
    await until('$ ');
    type('whoami\r');
    await until('\r\nada\r\n');
    type('exit\r');
    s.ws.close();
    await s.closed;
  });

  it('ends the browser’s socket when Proxmox ends the console', async () => {
    const s = open('xterm', await issued('xterm'));
    let seen = '';
    while (!seen.includes('login: ')) seen += (await s.reader.take(1)).toString('latin1');
    const { row, client } = await vm();
    await client.qemu.power(row.node!, row.vmid!, 'stop');
    try {
      // The guest going away ends the serial console; its close is passed on to the browser.
      expect(await s.closed).toEqual({ code: 1000, reason: 'VM stopped' });
    } finally {
      await client.qemu.power(row.node!, row.vmid!, 'start');
    }
  });
});
