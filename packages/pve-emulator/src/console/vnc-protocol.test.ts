import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleTestServer, type TestServer } from '../../test/console/console-test-server.js';
import { testGuest } from '../../test/console/fixtures.js';
import { RawRfbClient } from '../../test/console/rfb-client.js';
import { serveVnc } from './index.js';

const PASSWORD = 'Ab3dE6gH:PVEVNC:6753A0B1::sig';
let server: TestServer;

beforeAll(async () => {
  server = await startConsoleTestServer((ws) => {
    serveVnc(ws, { password: PASSWORD, guest: testGuest(), width: 800, height: 600 });
  });
});
afterAll(() => server.close());

async function connected(): Promise<RawRfbClient> {
  const client = new RawRfbClient(`ws://127.0.0.1:${server.port}/vnc`);
  await client.handshake(PASSWORD);
  return client;
}

describe('RFB 3.8 server, byte by byte', () => {
  it('offers only VNC authentication and explains a failure in 3.8 style', async () => {
    const client = new RawRfbClient(`ws://127.0.0.1:${server.port}/vnc`);
    expect((await client.read(12)).toString()).toBe('RFB 003.008\n');
    client.send(Buffer.from('RFB 003.008\n'));
    expect([...(await client.read(2))]).toEqual([1, 2]);
    client.send([2]);
    await client.read(16);
    client.send(Buffer.alloc(16));
    const result = await client.read(8);
    expect(result.readUInt32BE(0)).toBe(1);
    expect((await client.read(result.readUInt32BE(4))).toString()).toBe('Authentication failed');
  });

  it('announces the requested size and a simulated-console name', async () => {
    const client = new RawRfbClient(`ws://127.0.0.1:${server.port}/vnc`);
    expect(await client.handshake(PASSWORD)).toEqual({ width: 800, height: 600, name: 'web-1 (simulated console)' });
    client.close();
  });

  it('converts to a 16 bpp big-endian RGB565 format the client asks for', async () => {
    const client = await connected();
    const pf = Buffer.alloc(20);
    pf.writeUInt8(0, 0);
    Buffer.from([16, 16, 1, 1, 0, 31, 0, 63, 0, 31, 11, 5, 0]).copy(pf, 4);
    client.send(pf);
    client.requestUpdate(false, 800, 600);
    const [rect] = await client.readUpdate(2);
    expect(rect).toMatchObject({ x: 0, y: 0, w: 800, h: 600 });
    const values = new Set<number>();
    for (let i = 0; i < (rect?.pixels.length ?? 0); i += 2) values.add(rect?.pixels.readUInt16BE(i) ?? -1);
    // 0xaaaaaa in RGB565: r = g = b = 170/255 of full scale -> 21, 42, 21.
    expect([...values].sort((a, b) => a - b)).toEqual([0, (21 << 11) | (42 << 5) | 21]);
    client.close();
  });

  it('answers an incremental request only when something changed, and then only the changed rows', async () => {
    const client = await connected();
    client.requestUpdate(false, 800, 600);
    await client.readUpdate(4);
    client.requestUpdate(true, 800, 600);
    await new Promise((r) => setTimeout(r, 200));
    expect(client.buffered()).toBe(0);
    client.key(0x61); // 'a' typed at the login prompt: one text row changes
    const rects = await client.readUpdate(4);
    expect(rects).toHaveLength(1);
    expect(rects[0]).toMatchObject({ x: 0, w: 800, h: 16 });
    client.close();
  });

  it('ignores pointer and clipboard messages and drops the connection on an unknown one', async () => {
    const client = await connected();
    client.send([5, 1, 0, 10, 0, 10]);
    client.send([6, 0, 0, 0, 0, 0, 0, 3, 0x61, 0x62, 0x63]);
    client.requestUpdate(false, 800, 600);
    await client.readUpdate(4);
    client.send([99]);
    await expect(client.read(1)).rejects.toThrow(/closed/);
  });
});
