import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../index.js';
import { api, start, TOKEN, USER } from '../../test/helpers.js';

describe('auth and transport like pveproxy', () => {
  let em: Emulator;
  beforeAll(async () => {
    em = await start();
  });
  afterAll(() => em.close());

  it('accepts an API token (= and space forms)', async () => {
    expect((await api(em, 'GET', '/version')).status).toBe(200);
    const spaced = await api(em, 'GET', '/version', {}, { Authorization: `PVEAPIToken ${TOKEN}` });
    expect(spaced.body.data).toMatchObject({ release: '8.4', repoid: expect.stringContaining('emulator') });
  });

  it('rejects missing and invalid credentials with 401', async () => {
    const none = await api(em, 'GET', '/version', {}, {});
    expect([none.status, none.statusText]).toEqual([401, 'No ticket']);
    const bad = await api(
      em,
      'GET',
      '/version',
      {},
      { Authorization: `PVEAPIToken=${TOKEN.replace(/=.*/, '=wrong')}` },
    );
    expect([bad.status, bad.statusText]).toEqual([401, 'invalid token value!']);
    const cookie = await api(em, 'GET', '/version', {}, { Cookie: 'PVEAuthCookie=PVE:x@pve:00000000::bad' });
    expect([cookie.status, cookie.statusText]).toEqual([401, 'invalid PVE ticket']);
  });

  it('logs in with a ticket and requires CSRF on writes', async () => {
    const login = await api(em, 'POST', '/access/ticket', { username: USER.username, password: USER.password }, {});
    expect(login.status).toBe(200);
    const { ticket, CSRFPreventionToken, username, cap } = login.body.data as Record<string, string>;
    expect(username).toBe(USER.username);
    expect(ticket).toMatch(/^PVE:console@pve:[0-9A-F]{8}::/);
    expect(cap).toBeTypeOf('object');
    const cookie = { Cookie: `PVEAuthCookie=${encodeURIComponent(ticket ?? '')}` };
    expect((await api(em, 'GET', '/nodes', {}, cookie)).status).toBe(200);
    const noCsrf = await api(em, 'POST', '/nodes/pve1/qemu/9000/agent/ping', {}, cookie);
    expect([noCsrf.status, noCsrf.statusText]).toEqual([401, 'Permission denied - invalid csrf token']);
    const withCsrf = await api(
      em,
      'PUT',
      '/nodes/pve1/qemu/9000/config',
      { description: 'x' },
      { ...cookie, CSRFPreventionToken: CSRFPreventionToken ?? '' },
    );
    expect(withCsrf.status).toBe(200);
    // A ticket can renew itself by being sent as the password.
    const renew = await api(em, 'POST', '/access/ticket', { username: USER.username, password: ticket ?? '' }, {});
    expect(renew.status).toBe(200);
  });

  it('rejects a wrong password with 401', async () => {
    const r = await api(em, 'POST', '/access/ticket', { username: USER.username, password: 'nope' }, {});
    expect([r.status, r.statusText]).toEqual([401, 'authentication failure']);
  });

  it('answers unknown paths and bodies on DELETE with 501', async () => {
    const unknown = await api(em, 'GET', '/foo');
    expect([unknown.status, unknown.statusText]).toEqual([501, "Method 'GET /api2/json/foo' not implemented"]);
    const res = await fetch(`${em.url}/api2/json/nodes/pve1/qemu/9000`, {
      method: 'DELETE',
      body: 'purge=1',
      headers: { Authorization: `PVEAPIToken=${TOKEN}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    });
    expect([res.status, res.statusText]).toEqual([501, "Unexpected content for method 'DELETE'"]);
  });

  it('accepts JSON bodies with real booleans and numbers', async () => {
    const res = await fetch(`${em.url}/api2/json/nodes/pve1/qemu/9001/config`, {
      method: 'PUT',
      body: JSON.stringify({ onboot: true, cores: 4 }),
      headers: { Authorization: `PVEAPIToken=${TOKEN}`, 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(200);
    expect(em.vm(9001)?.config).toMatchObject({ onboot: '1', cores: '4' });
    const empty = await fetch(`${em.url}/api2/json/nodes/pve1/qemu/9001/agent/ping`, {
      method: 'POST',
      headers: { Authorization: `PVEAPIToken=${TOKEN}`, 'Content-Type': 'application/json' },
    });
    expect([empty.status, empty.statusText]).toEqual([500, 'Not a HASH reference']);
  });
});

describe('401 delay', () => {
  it('delays failed logins when authFailDelayMs is set', async () => {
    const em = await start({ authFailDelayMs: 200 });
    try {
      const t0 = Date.now();
      const r = await api(em, 'POST', '/access/ticket', { username: USER.username, password: 'nope' }, {});
      expect(r.status).toBe(401);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    } finally {
      await em.close();
    }
  });
});
