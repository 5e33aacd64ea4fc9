import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startConsoleTestServer, type TestServer } from '../../test/console/console-test-server.js';
import { testGuest } from '../../test/console/fixtures.js';
import { TermClient } from '../../test/console/term-client.js';
import { serveTerm } from './index.js';

const USER = 'console-1@pve';
const TICKET = 'PVEVNC:6753A0B1::c2lnbmF0dXJl';
let server: TestServer;

beforeAll(async () => {
  server = await startConsoleTestServer((ws, path) => {
    const guest = testGuest({ running: !path.includes('stopped') });
    serveTerm(ws, { user: USER, ticket: TICKET, guest });
  });
});
afterAll(() => server.close());

async function connect(path = '/term', ticket = TICKET): Promise<TermClient> {
  const client = new TermClient(`ws://127.0.0.1:${server.port}${path}`);
  await client.opened();
  client.raw(`${USER}:${ticket}\n`);
  return client;
}

async function login(client: TermClient, user: string, password: string): Promise<void> {
  await client.waitFor('web-1 login: ');
  client.type(`${user}\r`);
  await client.waitFor('Password: ');
  client.mark();
  client.type(`${password}\r`);
}

describe('termproxy protocol', () => {
  it('answers OK, shows a login prompt, and logs in with the guest credentials', async () => {
    const client = await connect();
    const out = await client.waitFor('web-1 login: ');
    expect(out.startsWith('OKstarting serial terminal on interface serial0\r\n')).toBe(true);
    expect(out).toContain('Debian GNU/Linux 12 (bookworm) web-1 ttyS0');
    expect(out).toContain('Simulated console of the Nimbus Proxmox emulator');
    await login(client, 'debian', 's3cret-pass');
    const motd = await client.waitFor('debian@web-1:~$ ');
    expect(motd).not.toContain('s3cret-pass'); // the password is not echoed
    client.mark();
    client.type('whoami\r');
    expect(await client.waitFor('debian\r\ndebian@web-1:~$ ')).toBe('whoami\r\ndebian\r\ndebian@web-1:~$ ');
    client.mark();
    client.type('cat /etc/os-release\r');
    expect(await client.waitFor('$ ')).toContain('PRETTY_NAME="Debian GNU/Linux 12 (bookworm)"\r\n');
    client.mark();
    client.type('frobnicate\r');
    expect(await client.waitFor('$ ')).toContain('bash: frobnicate: command not found\r\n');
    client.close();
  });

  it('rejects a wrong password with "Login incorrect" and asks again', async () => {
    const client = await connect();
    await login(client, 'debian', 'wrong');
    const out = await client.waitFor('web-1 login: ');
    expect(out).toContain('Login incorrect');
    expect(out).not.toContain('$ ');
    client.close();
  });

  it('handles packets split across frames, several in one frame, multibyte input, resize and keep-alive', async () => {
    const client = await connect();
    await login(client, 'debian', 's3cret-pass');
    await client.waitFor('$ ');
    client.mark();
    client.raw('1:132:43:');
    client.raw('2');
    client.raw('0:5:ec'); // a packet cut in the middle of its data
    client.raw('ho 0:3:é\r'); // 'é' is two bytes: LENGTH counts bytes, not characters
    await client.waitFor('é\r\n');
    client.mark();
    client.raw('0:4:pwd\r2');
    expect(await client.waitFor('$ ')).toContain('/home/debian\r\n');
    client.close();
  });

  it('cancels a line with Ctrl+C and returns to the login prompt on exit', async () => {
    const client = await connect();
    await login(client, 'debian', 's3cret-pass');
    await client.waitFor('$ ');
    client.mark();
    client.type('rm -rf /\x03');
    expect(await client.waitFor('$ ')).toBe('rm -rf /^C\r\ndebian@web-1:~$ ');
    client.mark();
    client.type('exit\r');
    expect(await client.waitFor('web-1 login: ')).toContain('logout');
    client.close();
  });

  it('accepts the ticket and packets in one frame, and a character split across binary frames', async () => {
    const client = new TermClient(`ws://127.0.0.1:${server.port}/term`);
    await client.opened();
    client.raw(`${USER}:${TICKET}\n0:7:debian\r`);
    await client.waitFor('Password: ');
    client.type('s3cret-pass\r');
    await client.waitFor('$ ');
    client.mark();
    const e = Buffer.from('é', 'utf8');
    client.rawBytes(Buffer.concat([Buffer.from('0:6:echo '), e.subarray(0, 1)]));
    client.rawBytes(Buffer.concat([Buffer.from('0:2:'), e.subarray(1), Buffer.from('\r')]));
    expect(await client.waitFor('$ ')).toContain('\r\né\r\n');
    client.close();
  });

  it('closes the connection on a bad ticket or a malformed packet', async () => {
    const bad = await connect('/term', 'PVEVNC:forged');
    await bad.waitClosed();
    expect(bad.output).toBe('');
    const client = await connect();
    await client.waitFor('login: ');
    client.raw('9:nonsense');
    expect((await client.waitClosed()).code).toBe(1002);
  });

  it('says the guest is not running and closes when it is stopped', async () => {
    const client = await connect('/term-stopped');
    await client.waitClosed();
    expect(client.output).toBe('OKVM web-1 not running\r\n');
  });
});
