import { afterEach, describe, expect, it } from 'vitest';
import { ConsoleSession } from '../src/index.js';
import { fail, ok, startFake } from './fake-server.js';

let close: (() => Promise<void>) | undefined;
afterEach(async () => {
  await close?.();
  close = undefined;
});

describe('ConsoleSession against a fake pveproxy', () => {
  it('sends the cookie always and the CSRF token on writes, and re-logs in once on 401', async () => {
    let logins = 0;
    let rejected = false;
    const fake = await startFake((req, res) => {
      if (req.url.endsWith('/access/ticket')) {
        logins++;
        return ok(res, { ticket: `PVE:u@pve:${logins}::sig`, CSRFPreventionToken: `csrf${logins}`, username: 'u@pve' });
      }
      if (!rejected) {
        rejected = true;
        return fail(res, 401, 'invalid PVE ticket');
      }
      ok(res, { port: '5901', ticket: 'vnc', user: 'u@pve', upid: 'UPID:x' });
    });
    close = fake.close;
    const session = await ConsoleSession.login({ baseUrl: fake.url, username: 'u@pve', password: 'pw' });
    expect(fake.seen[0]?.body).toBe('username=u%40pve&password=pw');
    const t = await session.vncproxy('pve1', 100);
    expect(t.port).toBe(5901);
    expect(logins).toBe(2);
    const calls = fake.seen.filter((s) => s.url.includes('vncproxy'));
    expect(calls).toHaveLength(2);
    expect(calls[0]?.headers.cookie).toBe(`PVEAuthCookie=${encodeURIComponent('PVE:u@pve:1::sig')}`);
    expect(calls[0]?.headers.csrfpreventiontoken).toBe('csrf1');
    expect(calls[1]?.headers.csrfpreventiontoken).toBe('csrf2');
    expect(calls[1]?.body).toBe('websocket=1');
    session.close();
  });

  it('renews with the current ticket as password', async () => {
    const fake = await startFake((_req, res, n) =>
      ok(res, { ticket: `T${n}`, CSRFPreventionToken: 'c', username: 'u@pve' }),
    );
    close = fake.close;
    const session = await ConsoleSession.login({ baseUrl: fake.url, username: 'u@pve', password: 'pw' });
    await session.renew();
    expect(fake.seen[1]?.body).toBe('username=u%40pve&password=T1');
    expect(session.ticket.ticket).toBe('T2');
    session.close();
  });
});
