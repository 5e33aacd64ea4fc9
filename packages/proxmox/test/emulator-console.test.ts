import type { Emulator } from '@nimbus/pve-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConsoleSession, ProxmoxError, type ProxmoxClient } from '../src/index.js';
import { CONSOLE_USER, startTestEmulator, testClient } from './emulator-setup.js';

const NODE = 'pve1';
let emu: Emulator;
let client: ProxmoxClient;
let vmid = 0;

beforeAll(async () => {
  emu = await startTestEmulator();
  client = testClient(emu);
  vmid = await client.cluster.nextId();
  await client.qemu.clone(NODE, 9000, { newid: vmid, name: 'console' });
  await client.qemu.updateConfig(NODE, vmid, { serial0: 'socket' });
  await client.qemu.power(NODE, vmid, 'start');
});
afterAll(async () => {
  client.close();
  await emu.close();
});

describe('console session (ticket auth) against the emulator', () => {
  it('logs in, gets a VNC ticket and opens vncwebsocket with the cookie', async () => {
    const session = await client.openConsoleSession(CONSOLE_USER.username, CONSOLE_USER.password);
    expect(session.ticket.username).toBe(CONSOLE_USER.username);
    expect(session.ticket.csrfToken).not.toBe('');
    const t = await session.vncproxy(NODE, vmid);
    expect(t.port).toBeGreaterThanOrEqual(5900);
    expect(typeof t.port).toBe('number');
    const ws = await session.openWebSocket(NODE, vmid, t);
    expect(ws.protocol).toBe('binary');
    // The RFB server speaks first with its version string.
    const first = await new Promise<Buffer>((resolve) => {
      ws.once('message', (d: Buffer) => resolve(d));
      ws.resume();
    });
    expect(first.toString()).toMatch(/^RFB 003\.00\d/);
    ws.close();
    session.close();
  });

  it('opens a serial terminal through termproxy', async () => {
    const session = await client.openConsoleSession(CONSOLE_USER.username, CONSOLE_USER.password);
    const t = await session.termproxy(NODE, vmid, 'serial0');
    const ws = await session.openWebSocket(NODE, vmid, t);
    ws.send(`${t.user}:${t.ticket}\n`);
    const first = await new Promise<string>((resolve) => {
      ws.once('message', (d: Buffer) => resolve(d.toString()));
      ws.resume();
    });
    expect(first.startsWith('OK')).toBe(true);
    ws.close();
    session.close();
  });

  it('renews the ticket when it is old', async () => {
    let now = Date.now();
    const session = await ConsoleSession.login({
      baseUrl: emu.url,
      ...CONSOLE_USER,
      now: () => now,
      renewAfterMs: 1000,
    });
    const firstIssued = session.ticket.issuedAt;
    now += 5000;
    await session.vncproxy(NODE, vmid);
    expect(session.ticket.issuedAt).toBeGreaterThan(firstIssued);
    session.close();
  });

  it('rejects a wrong password with an auth error', async () => {
    const e = await client.openConsoleSession(CONSOLE_USER.username, 'wrong').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProxmoxError);
    expect(e).toMatchObject({ status: 401 });
  });
});
