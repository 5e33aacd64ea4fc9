import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Emulator } from '../index.js';
import { api, cloneVm, start, TOKEN, USER, waitTask } from '../../test/helpers.js';

function firstMessage(ws: WebSocket): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    ws.once('message', (data) => resolve(Buffer.from(data as Buffer)));
    ws.once('error', reject);
    ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode} ${res.statusMessage}`)));
  });
}

describe('vncproxy/termproxy + vncwebsocket', () => {
  let em: Emulator;
  let cookie: Record<string, string>;
  beforeAll(async () => {
    em = await start();
    await cloneVm(em, 500);
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/500/status/start')).body.data);
    const login = (await api(em, 'POST', '/access/ticket', { ...USER }, {})).body.data as Record<string, string>;
    cookie = {
      Cookie: `PVEAuthCookie=${encodeURIComponent(login.ticket ?? '')}`,
      CSRFPreventionToken: login.CSRFPreventionToken ?? '',
    };
  });
  afterAll(() => em.close());

  const wsUrl = (port: unknown, ticket: string) =>
    `${em.url.replace('http', 'ws')}/api2/json/nodes/pve1/qemu/500/vncwebsocket?port=${String(port)}&vncticket=${encodeURIComponent(ticket)}`;

  it('upgrades a vncproxy session to RFB over the binary subprotocol', async () => {
    const r = await api(em, 'POST', '/nodes/pve1/qemu/500/vncproxy', { websocket: 1 }, cookie);
    const data = r.body.data as Record<string, string>;
    expect(data).toMatchObject({
      port: expect.stringMatching(/^59\d\d$/),
      user: USER.username,
      upid: expect.stringContaining(':vncproxy:500:'),
    });
    expect(data.ticket?.startsWith(`${data.password}:PVEVNC:`)).toBe(true);
    const ws = new WebSocket(wsUrl(data.port, data.ticket ?? ''), 'binary', {
      headers: { Cookie: cookie.Cookie ?? '' },
    });
    expect((await firstMessage(ws)).toString('latin1')).toBe('RFB 003.008\n');
    expect(ws.protocol).toBe('binary');
    ws.close();
    // The session is single-use, like Proxmox's one-shot listener.
    const again = new WebSocket(wsUrl(data.port, data.ticket ?? ''), 'binary', {
      headers: { Cookie: cookie.Cookie ?? '' },
    });
    await expect(firstMessage(again)).rejects.toThrow(/HTTP 401/);
  });

  it('serves termproxy after the user:ticket handshake', async () => {
    const data = (await api(em, 'POST', '/nodes/pve1/qemu/500/termproxy', {}, cookie)).body.data as Record<
      string,
      string
    >;
    expect(typeof data.port).toBe('number');
    const ws = new WebSocket(wsUrl(data.port, data.ticket ?? ''), 'binary', {
      headers: { Cookie: cookie.Cookie ?? '' },
    });
    await new Promise((resolve) => ws.once('open', resolve));
    const reply = firstMessage(ws);
    ws.send(`${data.user ?? ''}:${data.ticket ?? ''}\n`);
    expect((await reply).toString()).toMatch(/^OK/);
    ws.close();
  });

  it('rejects a wrong ticket and token-authenticated termproxy sockets', async () => {
    const data = (await api(em, 'POST', '/nodes/pve1/qemu/500/vncproxy', { websocket: 1 }, cookie)).body.data as Record<
      string,
      string
    >;
    const bad = new WebSocket(wsUrl(data.port, 'PVEVNC:bogus'), 'binary', { headers: { Cookie: cookie.Cookie ?? '' } });
    await expect(firstMessage(bad)).rejects.toThrow(/HTTP 401/);
    const term = (await api(em, 'POST', '/nodes/pve1/qemu/500/termproxy')).body.data as Record<string, string>;
    const tok = new WebSocket(wsUrl(term.port, term.ticket ?? ''), 'binary', {
      headers: { Authorization: `PVEAPIToken=${TOKEN}` },
    });
    await expect(firstMessage(tok)).rejects.toThrow(/HTTP 401/);
  });
});
