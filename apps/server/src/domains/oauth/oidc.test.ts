import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { arrive, exchange, landing, paramsOf, startBind, startLogin, startRaw } from '../../../test/oauth-helpers.js';
import { signInAtProvider, startOidcProvider, type OidcStandIn } from '../../../test/oidc-provider.js';
import { expectError } from '../../../test/instance-data-helpers.js';

// The console against a real OpenID Connect provider (oidc-provider) on 127.0.0.1: discovery,
// PKCE, state and nonce, the provider's own login and consent pages, the code traded for tokens.

let h: Harness;
let op: OidcStandIn;
const PUBLIC_URL = 'http://console.test';
const CALLBACK = `${PUBLIC_URL}/api/oauth/callback/op`;

beforeAll(async () => {
  op = await startOidcProvider({ redirectUris: [CALLBACK] });
  h = await startHarness({ PUBLIC_URL, OIDC_PROVIDERS: JSON.stringify([op.entry('op', 'Example ID')]) });
});
afterAll(async () => {
  await h?.close();
  await op?.close();
});

/** Signs in at the provider as `login` through a whole trip; answers what /login lands with (landing). */
async function signInWith(login: string, opts: { Redirect?: string; AffCode?: string } = {}) {
  const t = await startLogin(h, 'op', opts);
  return landing(h, await arrive(h, await signInAtProvider(t.url, login), t.cookie), t.cookie);
}

async function bindWith(ssid: string, login: string) {
  const t = await startBind(h, ssid, 'op');
  return arrive(h, await signInAtProvider(t.url, login), t.cookie);
}

const me = (ssid: string) =>
  call<{ User: { Id: number; Email: string; HasPassword: boolean } }>(h, 'GET', '/api/session', { ssid });
const identitiesOf = (ssid: string) =>
  call<{ Provider: string; Email: string }[]>(h, 'GET', '/api/user/identities', { ssid });

describe('third-party sign-in with OpenID Connect', () => {
  it('lists the provider, public', async () => {
    const r = await call(h, 'GET', '/api/oauth/providers');
    expect(r.body.data).toEqual([{ Id: 'op', Name: 'Example ID', Kind: 'oidc' }]);
  });

  it('sends the browser to the provider with PKCE (S256), state and nonce, tied to it by an HttpOnly cookie', async () => {
    const t = await startLogin(h, 'op');
    const url = new URL(t.url);
    expect(url.origin).toBe(op.issuer);
    expect(paramsOf(url)).toMatchObject({
      client_id: op.clientId,
      redirect_uri: CALLBACK,
      response_type: 'code',
      scope: 'openid email',
      code_challenge_method: 'S256',
    });
    for (const p of ['state', 'nonce', 'code_challenge']) expect(url.searchParams.get(p)?.length).toBeGreaterThan(20);
    expect(t.setCookie).toMatch(/^nimbus_oauth=[\w-]{43}; Path=\/api\/oauth; Max-Age=600; HttpOnly; SameSite=Lax$/);
  });

  it('makes an account for a new identity with a verified email, and signs it in', async () => {
    const email = uniqueEmail('oidc-new');
    const p = await signInWith(email, { Redirect: '/billing?invoice_id=3' });
    expect(p.redirect).toBe('/billing?invoice_id=3');
    expect(Number(p.uid)).toBeGreaterThan(0);
    expect(Date.parse(p.expires!)).toBeGreaterThan(Date.now() + 6 * 86_400_000);
    const session = await me(p.ssid!);
    expect(session.body.data.User).toMatchObject({ Id: Number(p.uid), Email: email, HasPassword: false });
    expect((await identitiesOf(p.ssid!)).body.data).toEqual([
      { Provider: 'op', Email: email, CreatedAt: expect.any(String) },
    ]);
    // No password: signing in with one fails as a wrong password does.
    const pw = await call(h, 'POST', '/api/login', {
      body: { Email: email, Password: 'anything at all', AgreeTerms: true },
    });
    expectError(pw, 400, 'wrong_password');
    // A new account, as one made on /register: the configured currency and its own referral code.
    const aff = await call<{ Code: string }>(h, 'GET', '/api/user/aff', { ssid: p.ssid });
    expect(aff.body.data.Code).toMatch(/^[a-z0-9]{8}$/);
    expect(session.body.data.User).toMatchObject({ Balance: 0 });
  });

  it('signs the same identity in again to the same account', async () => {
    const email = uniqueEmail('oidc-again');
    const first = await signInWith(email);
    const second = await signInWith(email);
    expect(second.uid).toBe(first.uid);
    expect(second.ssid).not.toBe(first.ssid);
    expect(second.redirect).toBeUndefined();
    expect((await me(second.ssid!)).status).toBe(200);
  });

  it('credits the referrer of a new account made from a referral', async () => {
    const referrer = await signUp(h);
    const code = (await call<{ Code: string }>(h, 'GET', '/api/user/aff', { ssid: referrer.ssid })).body.data.Code;
    await signInWith(uniqueEmail('oidc-referred'), { AffCode: code });
    const stats = await call<{ Signups: number }>(h, 'GET', '/api/user/aff', { ssid: referrer.ssid });
    expect(stats.body.data.Signups).toBe(1);
  });

  it('refuses an identity whose email belongs to an account, without linking it', async () => {
    const owner = await signUp(h);
    const back = await signInWith(owner.email.toUpperCase(), { Redirect: '/me' });
    expect(back).toEqual({ oauth_error: 'email_exist', redirect: '/me', provider: 'op' });
    expect((await identitiesOf(owner.ssid)).body.data).toEqual([]);
    const { rows } = await h.db.query('select 1 from identities where subject = $1', [owner.email.toUpperCase()]);
    expect(rows).toEqual([]);
  });

  it('makes no account without an email the provider has verified', async () => {
    for (const login of [`unverified.${uniqueEmail()}`, `noemail.${uniqueEmail()}`]) {
      const back = await signInWith(login);
      expect(back).toEqual({ oauth_error: 'no_email', provider: 'op' });
    }
    const { rows } = await h.db.query("select 1 from users where email like 'user.%' and password_hash is null");
    expect(rows).toEqual([]);
  });

  it('refuses a made-up, replayed, expired or foreign state', async () => {
    const email = uniqueEmail('oidc-state');
    const t = await startLogin(h, 'op');
    const back = await signInAtProvider(t.url, email);
    // A state the console never issued.
    const forged = new URL(back);
    forged.searchParams.set('state', 'x'.repeat(43));
    expect(paramsOf(await arrive(h, forged, t.cookie))).toEqual({ oauth_error: 'failed', provider: 'op' });
    // Another browser (no cookie, or its own) cannot use this browser's return.
    const other = await startLogin(h, 'op');
    expect(paramsOf(await arrive(h, back, other.cookie)).oauth_error).toBe('failed');
    // Each state answers once, even to its own browser after a refused attempt.
    expect(paramsOf(await arrive(h, back, t.cookie)).oauth_error).toBe('failed');

    const fresh = await startLogin(h, 'op');
    const ok = await signInAtProvider(fresh.url, email);
    expect(paramsOf(await arrive(h, ok, fresh.cookie)).oauth_code).toBeTruthy();
    expect(paramsOf(await arrive(h, ok, fresh.cookie))).toEqual({ oauth_error: 'failed', provider: 'op' });

    const late = await startLogin(h, 'op');
    const lateBack = await signInAtProvider(late.url, email);
    await h.db.query("update oauth_states set expires_at = now() - interval '1 second'");
    expect(paramsOf(await arrive(h, lateBack, late.cookie)).oauth_error).toBe('failed');

    const noState = new URL(ok);
    noState.searchParams.delete('state');
    expect(paramsOf(await arrive(h, noState, fresh.cookie)).oauth_error).toBe('failed');
  });

  it('keeps an earlier trip of the same browser valid (a second tab)', async () => {
    const first = await startLogin(h, 'op');
    const second = await startLogin(h, 'op', { cookie: first.cookie });
    expect(second.cookie).toBe(first.cookie);
    const email = uniqueEmail('oidc-tabs');
    expect(paramsOf(await arrive(h, await signInAtProvider(first.url, email), first.cookie)).oauth_code).toBeTruthy();
    expect(paramsOf(await arrive(h, await signInAtProvider(second.url, email), second.cookie)).oauth_code).toBeTruthy();
  });

  it('returns with a one-time code, never the session id, traded once by the trip’s browser within a minute', async () => {
    const email = uniqueEmail('oidc-code');
    const t = await startLogin(h, 'op', { Redirect: '/instances' });
    const back = await arrive(h, await signInAtProvider(t.url, email), t.cookie);
    const p = paramsOf(back);
    expect(Object.keys(p).sort()).toEqual(['oauth_code', 'redirect']);
    expect(p.oauth_code).toMatch(/^[\w-]{43}$/);
    // No session exists until the page trades the code.
    const user = await h.db.query<{ id: number }>('select id from users where email = $1', [email]);
    const sessionsOf = async () =>
      (await h.db.query('select 1 from sessions where user_id = $1', [user.rows[0]!.id])).rowCount;
    expect(await sessionsOf()).toBe(0);
    // Another browser (no trip cookie, or its own) cannot trade it, and the try spends it.
    const other = await startLogin(h, 'op');
    expect((await exchange(h, p.oauth_code!, other.cookie)).body.code).toBe('wrong_code');
    expect((await exchange(h, p.oauth_code!, t.cookie)).body.code).toBe('wrong_code');

    const again = await startLogin(h, 'op', { cookie: t.cookie });
    const code = paramsOf(await arrive(h, await signInAtProvider(again.url, email), t.cookie)).oauth_code!;
    expect((await exchange(h, code)).body.code).toBe('wrong_code');
    const third = await startLogin(h, 'op', { cookie: t.cookie });
    const good = paramsOf(await arrive(h, await signInAtProvider(third.url, email), t.cookie)).oauth_code!;
    const traded = await exchange(h, good, t.cookie);
    expect(traded.status).toBe(200);
    expect(traded.body.data.user_id).toBe(Number(user.rows[0]!.id));
    expect((await me(traded.body.data.session_id)).body.data.User.Email).toBe(email);
    expect(back.href).not.toContain(traded.body.data.session_id);
    // Once only.
    const replay = await exchange(h, good, t.cookie);
    expect([replay.status, replay.body.code]).toEqual([400, 'wrong_code']);

    const late = await startLogin(h, 'op', { cookie: t.cookie });
    const lateCode = paramsOf(await arrive(h, await signInAtProvider(late.url, email), t.cookie)).oauth_code!;
    await h.db.query("update oauth_login_codes set expires_at = now() - interval '1 second'");
    expect((await exchange(h, lateCode, t.cookie)).body.code).toBe('wrong_code');
    expect(await sessionsOf()).toBe(1);
  });

  it('reports a sign-in cancelled at the provider', async () => {
    const t = await startLogin(h, 'op', { Redirect: '/deploy' });
    const back = await signInAtProvider(t.url, uniqueEmail(), true);
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(paramsOf(await arrive(h, back, t.cookie))).toEqual({
      oauth_error: 'failed',
      redirect: '/deploy',
      provider: 'op',
    });
  });

  it('validates the start: the terms, the provider, the return path', async () => {
    const noTerms = await startRaw(h, '/api/oauth/login', { Provider: 'op', AgreeTerms: false }, {});
    expect([noTerms.statusCode, noTerms.json().fields]).toEqual([400, { AgreeTerms: 'must_agree_terms' }]);
    const unknown = await startRaw(h, '/api/oauth/login', { Provider: 'nope', AgreeTerms: true }, {});
    expect([unknown.statusCode, unknown.json().fields]).toEqual([400, { Provider: 'invalid_value' }]);
    const back = await signInWith(uniqueEmail(), { Redirect: '//evil.example/' });
    expect(back.redirect).toBeUndefined();
  });

  it('throttles starts per address', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 30; i++) await startLogin(h, 'op', { ip });
    const r = await startRaw(h, '/api/oauth/login', { Provider: 'op', AgreeTerms: true }, { ip });
    expect([r.statusCode, r.json().code]).toEqual([429, 'rate_limit_exceeded']);
  });

  it('throttles returns per address', async () => {
    const ip = '203.0.113.78';
    const t = await startLogin(h, 'op');
    const back = await signInAtProvider(t.url, uniqueEmail('throttled'));
    const made = new URL(back);
    made.searchParams.set('state', 'y'.repeat(43));
    for (let i = 0; i < 30; i++) await arrive(h, made, t.cookie, ip);
    // The real return, once the address is over its limit, is refused like any failure.
    expect(paramsOf(await arrive(h, back, t.cookie, ip))).toEqual({ oauth_error: 'failed', provider: 'op' });
  });
});

describe('binding and unbinding', () => {
  it('binds a provider to a password account, which then signs in with it', async () => {
    const u = await signUp(h);
    const login = uniqueEmail('bind');
    expect(paramsOf(await bindWith(u.ssid, login))).toEqual({ tab: 'logins', bind: 'ok', provider: 'op' });
    expect((await identitiesOf(u.ssid)).body.data).toEqual([
      { Provider: 'op', Email: login, CreatedAt: expect.any(String) },
    ]);
    // The provider's email differs from the account's: the binding, not the address, decides.
    expect((await signInWith(login)).uid).toBe(String(u.userId));
    // Bound already: no second start.
    expectError(
      await call(h, 'POST', '/api/user/identity/bind', { ssid: u.ssid, body: { Provider: 'op' } }),
      409,
      'wrong_status',
    );
  });

  it('refuses an identity bound to another account', async () => {
    const first = await signUp(h);
    const second = await signUp(h);
    const login = uniqueEmail('taken');
    await bindWith(first.ssid, login);
    expect(paramsOf(await bindWith(second.ssid, login))).toEqual({ tab: 'logins', bind: 'taken', provider: 'op' });
    expect((await identitiesOf(second.ssid)).body.data).toEqual([]);
    expect((await signInWith(login)).uid).toBe(String(first.userId));
  });

  it('reports a binding cancelled at the provider, or made in another browser', async () => {
    const u = await signUp(h);
    const t = await startBind(h, u.ssid, 'op');
    const back = await signInAtProvider(t.url, uniqueEmail(), true);
    expect(paramsOf(await arrive(h, back, t.cookie))).toEqual({ tab: 'logins', bind: 'failed', provider: 'op' });
    // A victim opening an attacker's binding trip binds nothing: the trip is tied to the attacker's browser.
    const attacker = await signUp(h);
    const trap = await startBind(h, attacker.ssid, 'op');
    const victimBack = await signInAtProvider(trap.url, uniqueEmail('victim'));
    expect(paramsOf(await arrive(h, victimBack)).oauth_error).toBe('failed');
    expect((await identitiesOf(attacker.ssid)).body.data).toEqual([]);
  });

  it('unbinds, and refuses to unbind the last way to sign in', async () => {
    const u = await signUp(h);
    await bindWith(u.ssid, uniqueEmail('unbind'));
    expect(
      (await call(h, 'POST', '/api/user/identity/unbind', { ssid: u.ssid, body: { Provider: 'op' } })).status,
    ).toBe(200);
    expect((await identitiesOf(u.ssid)).body.data).toEqual([]);
    expectError(
      await call(h, 'POST', '/api/user/identity/unbind', { ssid: u.ssid, body: { Provider: 'op' } }),
      404,
      'db_no_record',
    );

    const made = await signInWith(uniqueEmail('last-way'));
    const ssid = made.ssid!;
    expectError(
      await call(h, 'POST', '/api/user/identity/unbind', { ssid, body: { Provider: 'op' } }),
      409,
      'wrong_status',
    );
    expect((await identitiesOf(ssid)).body.data).toHaveLength(1);
    // Once it has a password, the provider is no longer the only way in.
    const add = await call(h, 'POST', '/api/user/password/add', { ssid, body: { NewPassword: 'a first password' } });
    expect(add.status).toBe(200);
    expect((await me(ssid)).body.data.User.HasPassword).toBe(true);
    expectError(
      await call(h, 'POST', '/api/user/password/add', { ssid, body: { NewPassword: 'another password' } }),
      409,
      'wrong_status',
    );
    expect((await call(h, 'POST', '/api/user/identity/unbind', { ssid, body: { Provider: 'op' } })).status).toBe(200);
  });

  it('needs a session and a known provider', async () => {
    expectError(await call(h, 'POST', '/api/user/identity/bind', { body: { Provider: 'op' } }), 401, 'need_login');
    expectError(await call(h, 'GET', '/api/user/identities'), 401, 'need_login');
    const u = await signUp(h);
    expectError(
      await call(h, 'POST', '/api/user/identity/bind', { ssid: u.ssid, body: { Provider: 'nope' } }),
      400,
      'parse_data_error',
      { Provider: 'invalid_value' },
    );
    expectError(
      await call(h, 'POST', '/api/user/identity/unbind', { ssid: u.ssid, body: {} }),
      400,
      'parse_data_error',
      { Provider: 'required' },
    );
  });
});
