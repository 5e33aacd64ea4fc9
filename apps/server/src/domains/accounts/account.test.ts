import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

const profile = {
  FirstName: 'Ada',
  LastName: 'Lovelace',
  Company: 'Analytical Engines Ltd',
  Address1: '12 St James Square',
  Address2: '',
  City: 'London',
  State: 'Greater London',
  Postcode: 'SW1Y 4JH',
  Country: 'GB',
};

describe('profile', () => {
  it('saves the profile and returns it in the session', async () => {
    const u = await signUp(h);
    const r = await call(h, 'POST', '/api/user/profile/set', { ssid: u.ssid, body: profile });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual(profile);
    const me = await call<{ User: { Profile: typeof profile } }>(h, 'GET', '/api/session', { ssid: u.ssid });
    expect(me.body.data.User.Profile).toEqual(profile);
  });

  it('rejects an unknown country and overlong fields with field errors', async () => {
    const u = await signUp(h);
    const r = await call(h, 'POST', '/api/user/profile/set', {
      ssid: u.ssid,
      body: { ...profile, Country: 'Narnia', City: 'x'.repeat(200) },
    });
    expect(r.status).toBe(400);
    expect(r.body.fields).toEqual({ Country: 'invalid_value', City: 'incorrect_length' });
  });

  it('saves language and theme preferences, and says once they were saved', async () => {
    const u = await signUp(h);
    type Me = { User: { Preferences: unknown; PreferencesSaved: boolean } };
    const before = await call<Me>(h, 'GET', '/api/session', { ssid: u.ssid });
    expect(before.body.data.User).toMatchObject({
      Preferences: { Locale: 'en_US', Theme: 'system' },
      PreferencesSaved: false,
    });
    const r = await call(h, 'POST', '/api/user/preferences/set', {
      ssid: u.ssid,
      body: { Locale: 'zh_CN', Theme: 'dark' },
    });
    expect(r.status).toBe(200);
    const me = await call<Me>(h, 'GET', '/api/session', { ssid: u.ssid });
    expect(me.body.data.User).toMatchObject({
      Preferences: { Locale: 'zh_CN', Theme: 'dark' },
      PreferencesSaved: true,
    });
    const bad = await call(h, 'POST', '/api/user/preferences/set', {
      ssid: u.ssid,
      body: { Locale: 'fr_FR', Theme: 'dark' },
    });
    expect(bad.body.fields).toEqual({ Locale: 'invalid_value' });
  });

  it('needs a session for every account endpoint', async () => {
    for (const path of ['profile/set', 'preferences/set', 'password/set', 'email/code', 'email/set']) {
      const r = await call(h, 'POST', `/api/user/${path}`, { body: {} });
      expect([r.status, r.body.code]).toEqual([401, 'need_login']);
    }
  });
});

describe('password change', () => {
  it('refuses a wrong current password', async () => {
    const u = await signUp(h);
    const r = await call(h, 'POST', '/api/user/password/set', {
      ssid: u.ssid,
      body: { Password: 'not my password', NewPassword: 'another good one' },
    });
    expect([r.status, r.body.code]).toEqual([400, 'wrong_password']);
  });

  it('changes the password, keeps this session and ends the others', async () => {
    const u = await signUp(h);
    const other = await call<{ session_id: string }>(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: u.password, AgreeTerms: true },
    });
    const r = await call(h, 'POST', '/api/user/password/set', {
      ssid: u.ssid,
      body: { Password: u.password, NewPassword: 'another good one' },
    });
    expect(r.status).toBe(200);
    expect((await call(h, 'GET', '/api/session', { ssid: u.ssid })).status).toBe(200);
    expect((await call(h, 'GET', '/api/session', { ssid: other.body.data.session_id })).body.code).toBe(
      'invalid_session',
    );
    const login = await call(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: 'another good one', AgreeTerms: true },
    });
    expect(login.status).toBe(200);
  });
});

describe('email change', () => {
  it('mails a code to the new address and switches to it', async () => {
    const u = await signUp(h);
    const next = uniqueEmail('moved');
    expect((await call(h, 'POST', '/api/user/email/code', { ssid: u.ssid, body: { NewEmail: next } })).status).toBe(
      200,
    );
    const code = h.mail.code(next)!;
    const wrong = await call(h, 'POST', '/api/user/email/set', {
      ssid: u.ssid,
      body: { NewEmail: next, Code: code === '123456' ? '654321' : '123456', Password: u.password },
    });
    expect(wrong.body.code).toBe('wrong_code');
    const ok = await call(h, 'POST', '/api/user/email/set', {
      ssid: u.ssid,
      body: { NewEmail: next, Code: code, Password: u.password },
    });
    expect(ok.status).toBe(200);
    const me = await call<{ User: { Email: string } }>(h, 'GET', '/api/session', { ssid: u.ssid });
    expect(me.body.data.User.Email).toBe(next);
    const login = await call(h, 'POST', '/api/login', {
      body: { Email: next, Password: u.password, AgreeTerms: true },
    });
    expect(login.status).toBe(200);
  });

  it("refuses an address another customer has, and another customer's code", async () => {
    const a = await signUp(h);
    const b = await signUp(h);
    const taken = await call(h, 'POST', '/api/user/email/code', { ssid: a.ssid, body: { NewEmail: b.email } });
    expect([taken.status, taken.body.code]).toEqual([409, 'email_exist']);
    const next = uniqueEmail('contested');
    await call(h, 'POST', '/api/user/email/code', { ssid: a.ssid, body: { NewEmail: next } });
    const stolen = await call(h, 'POST', '/api/user/email/set', {
      ssid: b.ssid,
      body: { NewEmail: next, Code: h.mail.code(next), Password: b.password },
    });
    expect(stolen.body.code).toBe('wrong_code');
  });

  it('needs the current password, ends the other sessions and tells the old address', async () => {
    const u = await signUp(h);
    const other = await call<{ session_id: string }>(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: u.password, AgreeTerms: true },
    });
    const next = uniqueEmail('moved-safely');
    await call(h, 'POST', '/api/user/email/code', { ssid: u.ssid, body: { NewEmail: next } });
    const code = h.mail.code(next)!;
    // Someone at an unlocked screen, or with a stolen session, does not know the password.
    const without = await call(h, 'POST', '/api/user/email/set', {
      ssid: u.ssid,
      body: { NewEmail: next, Code: code },
    });
    expect([without.status, without.body.fields]).toEqual([400, { Password: 'required' }]);
    const wrong = await call(h, 'POST', '/api/user/email/set', {
      ssid: u.ssid,
      body: { NewEmail: next, Code: code, Password: 'not the password' },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'wrong_password']);
    const ok = await call(h, 'POST', '/api/user/email/set', {
      ssid: u.ssid,
      body: { NewEmail: next, Code: code, Password: u.password },
    });
    expect(ok.status).toBe(200);
    expect((await call(h, 'GET', '/api/session', { ssid: u.ssid })).status).toBe(200);
    expect((await call(h, 'GET', '/api/session', { ssid: other.body.data.session_id })).body.code).toBe(
      'invalid_session',
    );
    await expect.poll(() => h.mail.last(u.email)?.subject).toMatch(/email address was changed/);
  });

  it('lets an account without a password change its email only right after signing in', async () => {
    const u = await signUp(h);
    await h.db.query('update users set password_hash = null where id = $1', [u.userId]);
    const next = uniqueEmail('no-password');
    await call(h, 'POST', '/api/user/email/code', { ssid: u.ssid, body: { NewEmail: next } });
    const body = { NewEmail: next, Code: h.mail.code(next) };
    await h.db.query("update sessions set created_at = now() - interval '11 minutes' where user_id = $1", [u.userId]);
    const stale = await call(h, 'POST', '/api/user/email/set', { ssid: u.ssid, body });
    expect([stale.status, stale.body.code]).toEqual([403, 'need_login']);
    await h.db.query('update sessions set created_at = now() where user_id = $1', [u.userId]);
    expect((await call(h, 'POST', '/api/user/email/set', { ssid: u.ssid, body })).status).toBe(200);
  });

  it('validates the new address', async () => {
    const u = await signUp(h);
    const r = await call(h, 'POST', '/api/user/email/code', { ssid: u.ssid, body: { NewEmail: 'not-an-email' } });
    expect(r.body.fields).toEqual({ NewEmail: 'invalid_email' });
  });
});
