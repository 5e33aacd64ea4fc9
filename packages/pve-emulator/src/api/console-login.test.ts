import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import type { Emulator } from '../index.js';
import { api, cloneVm, start, USER, waitTask } from '../../test/helpers.js';

/** A minimal termproxy client: collects output and sends `0:<len>:<data>` frames. */
class Term {
  out = '';
  constructor(readonly ws: WebSocket) {
    ws.on('message', (d: Buffer) => (this.out += d.toString('utf8')));
  }
  type(text: string): void {
    this.ws.send(`0:${Buffer.byteLength(text)}:${text}`);
  }
  async waitFor(text: string, from = 0): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!this.out.includes(text, from)) {
      if (Date.now() > deadline) throw new Error(`no '${text}' in ${JSON.stringify(this.out)}`);
      await new Promise((r) => setTimeout(r, 10));
    }
  }
}

describe('console login uses the VM credentials', () => {
  let em: Emulator;
  let cookie: string;
  beforeAll(async () => {
    em = await start();
    await cloneVm(em, 700, { name: 'web-7' });
    await api(em, 'PUT', '/nodes/pve1/qemu/700/config', { ciuser: 'admin', cipassword: 'cloud-pass' });
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/700/status/start')).body.data);
    const login = (await api(em, 'POST', '/access/ticket', { ...USER }, {})).body.data as Record<string, string>;
    cookie = `PVEAuthCookie=${encodeURIComponent(login.ticket ?? '')}`;
    await api(em, 'POST', '/nodes/pve1/qemu/700/agent/set-user-password', {
      username: 'admin',
      password: 'agent-pass',
    });
  });
  afterAll(() => em.close());

  async function session(): Promise<Term> {
    const csrf = (await api(em, 'POST', '/access/ticket', { ...USER }, {})).body.data as Record<string, string>;
    const headers = { Cookie: cookie, CSRFPreventionToken: csrf.CSRFPreventionToken ?? '' };
    const data = (await api(em, 'POST', '/nodes/pve1/qemu/700/termproxy', {}, headers)).body.data as Record<
      string,
      string
    >;
    const url = `${em.url.replace('http', 'ws')}/api2/json/nodes/pve1/qemu/700/vncwebsocket?port=${data.port ?? ''}&vncticket=${encodeURIComponent(data.ticket ?? '')}`;
    const ws = new WebSocket(url, 'binary', { headers: { Cookie: cookie } });
    await new Promise((resolve) => ws.once('open', resolve));
    const term = new Term(ws);
    ws.send(`${data.user ?? ''}:${data.ticket ?? ''}\n`);
    await term.waitFor('web-7 login: ');
    return term;
  }

  it('accepts the password set through the guest agent, not the old cloud-init one', async () => {
    const term = await session();
    term.type('admin\r');
    await term.waitFor('Password: ');
    term.type('cloud-pass\r');
    await term.waitFor('Login incorrect');
    const mark = term.out.indexOf('Login incorrect');
    await term.waitFor('web-7 login: ', mark);
    term.type('admin\r');
    await term.waitFor('Password: ', mark);
    term.type('agent-pass\r');
    await term.waitFor('admin@web-7', mark);
    expect(term.out).toContain('Debian GNU/Linux 12 (bookworm)');
    term.ws.close();
  });

  it('ends the console when the VM stops, as QEMU exiting does', async () => {
    const term = await session();
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      term.ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await waitTask(em, (await api(em, 'POST', '/nodes/pve1/qemu/700/status/stop')).body.data);
    expect(await closed).toEqual({ code: 1000, reason: 'VM stopped' });
  });
});
