import type { StaffUser, StaffWhoami } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { admin } from '../../../test/processes.js';
import { opened, ticketType } from '../../../test/ticket-helpers.js';
import { OPENAPI_PATH } from '../../infra/http/openapi.js';

let h: Harness;
let env: Record<string, string>;
beforeAll(async () => {
  h = await startHarness();
  env = { DATABASE_URL: h.databaseUrl };
});
afterAll(() => h.close());

/** Makes a token through the operator's command, as a provider does; returns its id and text. */
async function createToken(name: string, scopes?: string) {
  const r = await admin(['staff-token:create', '--name', name, ...(scopes ? ['--scopes', scopes] : [])], env);
  expect(r.code, r.stderr).toBe(0);
  const [first, token] = r.stdout.split('\n');
  return { id: Number(/created staff token (\d+)/.exec(first!)![1]), token: token!, first: first! };
}

const whoami = (token?: string) => call<StaffWhoami>(h, 'GET', '/api/staff/whoami', { token });

describe('operator tokens', () => {
  it('are made by the CLI, shown once, stored only as a hash, and authenticate the staff API', async () => {
    const t = await createToken('Helpdesk', 'tickets,notices');
    expect(t.first).toBe(`created staff token ${t.id} "Helpdesk" (tickets, notices)`);
    expect(t.token).toMatch(/^nst_[A-Za-z0-9_-]{43}$/);
    const { rows } = await h.db.query('select * from staff_tokens where id = $1', [t.id]);
    expect(JSON.stringify(rows)).not.toContain(t.token.slice(4));
    const r = await whoami(t.token);
    expect([r.status, r.body.data]).toEqual([200, { Name: 'Helpdesk', Scopes: ['tickets', 'notices'] }]);
    const list = await admin(['staff-token:list'], env);
    expect(list.stdout).toMatch(new RegExp(`^${t.id}\\tHelpdesk\\ttickets,notices\\t\\S+\\t\\S+Z\\tlive$`, 'm'));
    expect(list.stdout).not.toContain(t.token);
  });

  it('get every scope by default and refuse unknown scopes', async () => {
    const t = await createToken('All');
    expect((await whoami(t.token)).body.data.Scopes).toEqual(['tickets', 'notices', 'users']);
    const bad = await admin(['staff-token:create', '--name', 'x', '--scopes', 'tickets,root'], env);
    expect([bad.code, bad.stderr.trim()]).toEqual([1, 'error: unknown scope root: use tickets, notices, users']);
  });

  it('stop working when revoked', async () => {
    const t = await createToken('Leaving');
    expect((await whoami(t.token)).status).toBe(200);
    expect((await admin(['staff-token:revoke', String(t.id)], env)).stdout.trim()).toBe(`revoked staff token ${t.id}`);
    const r = await whoami(t.token);
    expect([r.status, r.body.code]).toEqual([401, 'invalid_session']);
    const again = await admin(['staff-token:revoke', String(t.id)], env);
    expect([again.code, again.stderr.trim()]).toEqual([1, `error: no live staff token ${t.id}`]);
  });

  it('are the only way in: no token, a forged token or a customer session is 401', async () => {
    expect((await whoami()).body.code).toBe('need_login');
    const forged = await whoami(`nst_${'A'.repeat(43)}`);
    expect([forged.status, forged.body.code]).toEqual([401, 'invalid_session']);
    const customer = await signUp(h);
    const r = await call(h, 'GET', '/api/staff/whoami', { ssid: customer.ssid });
    expect([r.status, r.body.code]).toEqual([401, 'need_login']);
  });

  it('are documented as the staff API’s security scheme', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: OPENAPI_PATH })).json();
    expect(doc.components.securitySchemes.staffToken).toMatchObject({ type: 'http', scheme: 'bearer' });
    expect(doc.paths['/api/staff/whoami'].get).toMatchObject({ tags: ['staff'], security: [{ staffToken: [] }] });
  });
});

describe('a customer as staff see them', () => {
  it('shows the account with its invoices and tickets, in the CLI and the staff API', async () => {
    const u = await signUp(h);
    const email = u.email;
    const inv = await admin(['invoice:create', '--email', email, '--amount', '12.50', '--description', 'Setup'], env);
    expect(inv.code, inv.stderr).toBe(0);
    const type = await ticketType(h, 'Network');
    const ticket = await opened(h, u.ssid, { Title: 'Packet loss', TypeId: type.Id, Content: 'Since noon.' });

    const t = await createToken('Helpdesk', 'users');
    const r = await call<StaffUser>(h, 'GET', `/api/staff/user?email=${encodeURIComponent(email.toUpperCase())}`, {
      token: t.token,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data).toMatchObject({
      Id: u.userId,
      Email: email,
      Balance: 0,
      Currency: 'USD',
      Instances: { Total: 0, Items: [] },
      Invoices: { Total: 1, Items: [{ Kind: 'manual', Status: 'unpaid', Amount: 1250, Currency: 'USD' }] },
      Tickets: { Total: 1, Items: [{ Id: ticket.Id, Title: 'Packet loss', Status: 'open' }] },
    });
    const byId = await call<StaffUser>(h, 'GET', `/api/staff/user?id=${u.userId}`, { token: t.token });
    expect(byId.body.data).toEqual(r.body.data);

    const shown = await admin(['user:show', '--email', email], env);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain(`user ${u.userId} ${email}\n`);
    expect(shown.stdout).toContain('balance 0.00 USD');
    expect(shown.stdout).toContain('instances (0)\ninvoices (1)\n');
    expect(shown.stdout).toMatch(/\tmanual\tunpaid\t12\.50 USD\tdue \d{4}-\d\d-\d\d\n/);
    expect(shown.stdout).toContain(`tickets (1)\n  ${ticket.Id}\topen\tPacket loss\tupdated `);
  });

  it('needs the users scope, a known customer and exactly one of id and email', async () => {
    const ticketsOnly = await createToken('Tickets', 'tickets');
    const denied = await call(h, 'GET', '/api/staff/user?id=1', { token: ticketsOnly.token });
    expect([denied.status, denied.body.code]).toEqual([403, 'access_denied']);
    const t = await createToken('Users', 'users');
    const nobody = await call(h, 'GET', '/api/staff/user?email=nobody@example.com', { token: t.token });
    expect([nobody.status, nobody.body.code]).toEqual([404, 'user_not_exist']);
    for (const q of ['', '?id=1&email=a@example.com', '?id=x']) {
      const bad = await call(h, 'GET', `/api/staff/user${q}`, { token: t.token });
      expect(bad.status, q).toBe(400);
    }
    const cli = await admin(['user:show', '--email', 'nobody@example.com'], env);
    expect([cli.code, cli.stderr.trim()]).toEqual([1, 'error: no user nobody@example.com']);
    expect((await admin(['user:show'], env)).stderr.trim()).toBe('error: give --email or --id');
  });
});
