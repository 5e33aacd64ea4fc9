import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/api.js';
import { GitHubStandIn } from '../../../test/github-stand-in.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { arrive, paramsOf, startBind, startLogin, startRaw } from '../../../test/oauth-helpers.js';
import { signInAtProvider, startOidcProvider, type OidcStandIn } from '../../../test/oidc-provider.js';

// Providers that cannot be reached, over the real protocol: a closed port, a provider answering
// 503, and a provider that goes away between the browser leaving and coming back. The customer is
// told so (`unreachable`), apart from a trip that failed for another reason (`failed`).

const PUBLIC_URL = 'http://console.test';
const callback = (id: string) => `${PUBLIC_URL}/api/oauth/callback/${id}`;

let h: Harness;
let op: OidcStandIn;
const gh = new GitHubStandIn();
const open: Server[] = [];

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  open.push(server);
  return (server.address() as AddressInfo).port;
}

/** A provider in maintenance: 503 to every request. */
const maintenance = () =>
  createServer((_req, res) => {
    res.writeHead(503, { 'content-type': 'text/html' });
    res.end('<h1>Down for maintenance</h1>');
  });

/** A port nothing listens on: taken, then let go. */
async function closedPort(): Promise<number> {
  const s = createServer();
  const port = await listen(s);
  open.pop();
  await new Promise<void>((resolve) => s.close(() => resolve()));
  return port;
}

const provider = (id: string, issuer: string) => ({ id, name: id, issuer, clientId: 'c', clientSecret: 's' });

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [callback('op')] });
  await gh.start();
  const busy = await listen(maintenance());
  h = await startHarness({
    PUBLIC_URL,
    OIDC_PROVIDERS: JSON.stringify([
      op.entry('op', 'Example ID'),
      provider('closed', `http://127.0.0.1:${await closedPort()}`),
      provider('busy', `http://127.0.0.1:${busy}`),
    ]),
    // GitHub signs in, then its REST API (the user and their emails) is in maintenance.
    ...gh.env(),
    GITHUB_API_URL: `http://127.0.0.1:${busy}/api/v3`,
  });
});
afterAll(async () => {
  await h?.close();
  await op?.close().catch(() => undefined);
  await gh.stop();
  for (const s of open) {
    s.closeAllConnections();
    await new Promise<void>((resolve) => s.close(() => resolve()));
  }
});

describe('a provider that cannot be reached', () => {
  it('refuses the start with 502, for a sign-in and a binding, on a closed port or a 503', async () => {
    const u = await signUp(h);
    for (const id of ['closed', 'busy']) {
      const login = await startRaw(h, '/api/oauth/login', { Provider: id, AgreeTerms: true }, {});
      expect([login.statusCode, login.json().code]).toEqual([502, 'internal_error']);
      expect(login.headers['set-cookie']).toBeUndefined();
      const bind = await startRaw(h, '/api/user/identity/bind', { Provider: id }, { ssid: u.ssid });
      expect([bind.statusCode, bind.json().code]).toEqual([502, 'internal_error']);
    }
    // No trip was recorded for a start that could not be made.
    const { rows } = await h.db.query("select 1 from oauth_states where provider in ('closed', 'busy')");
    expect(rows).toEqual([]);
  });

  it('sends the browser back saying so when the provider went away during the trip', async () => {
    const u = await signUp(h);
    // The provider up: a code it refuses is a failed trip, not an unreachable provider.
    const refused = await startLogin(h, 'op', { Redirect: '/deploy' });
    const forged = await signInAtProvider(refused.url, 'refused@example.com');
    forged.searchParams.set('code', 'not-a-code-the-provider-issued');
    expect(paramsOf(await arrive(h, forged, refused.cookie))).toEqual({
      oauth_error: 'failed',
      redirect: '/deploy',
      provider: 'op',
    });

    const login = await startLogin(h, 'op', { Redirect: '/deploy' });
    const loginBack = await signInAtProvider(login.url, 'gone@example.com');
    const bind = await startBind(h, u.ssid, 'op');
    const bindBack = await signInAtProvider(bind.url, 'gone-bind@example.com');
    const maintained = await startLogin(h, 'op');
    const maintainedBack = await signInAtProvider(maintained.url, 'maintained@example.com');
    // The provider stops before the console trades the codes.
    const port = Number(new URL(op.issuer).port);
    await op.close();
    expect(paramsOf(await arrive(h, loginBack, login.cookie))).toEqual({
      oauth_error: 'unreachable',
      redirect: '/deploy',
      provider: 'op',
    });
    expect(paramsOf(await arrive(h, bindBack, bind.cookie))).toEqual({
      tab: 'logins',
      bind: 'unreachable',
      provider: 'op',
    });
    // Back, in maintenance: its token endpoint answers 503.
    await listen(maintenance(), port);
    expect(paramsOf(await arrive(h, maintainedBack, maintained.cookie))).toEqual({
      oauth_error: 'unreachable',
      provider: 'op',
    });
    const { rows } = await h.db.query('select 1 from identities where user_id = $1', [u.userId]);
    expect(rows).toEqual([]);
  });

  it('says so when GitHub’s API answers 5xx after the sign-in', async () => {
    gh.account = { id: 4242, login: 'octo4242', emails: [] };
    const t = await startLogin(h, 'github');
    const res = await fetch(t.url, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const back = new URL(res.headers.get('location')!);
    expect(paramsOf(await arrive(h, back, t.cookie))).toEqual({ oauth_error: 'unreachable', provider: 'github' });
  });
});
