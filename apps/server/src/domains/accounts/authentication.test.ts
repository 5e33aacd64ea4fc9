import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());

describe('sign-up', () => {
  it('mails a six-digit code and answers the registration with a session', async () => {
    const email = uniqueEmail();
    expect((await call(h, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(200);
    const code = h.mail.code(email);
    expect(code).toMatch(/^\d{6}$/);
    const res = await call<{ session_id: string; expire_at: string; user_id: number }>(h, 'POST', '/api/register', {
      body: { Email: email, Password: 'a good password', Code: code, AgreeTerms: true },
    });
    expect(res.status).toBe(200);
    const { session_id, expire_at, user_id } = res.body.data;
    expect(Buffer.from(session_id, 'base64url').length).toBeGreaterThanOrEqual(16);
    expect(user_id).toBeGreaterThan(0);
    const days = (Date.parse(expire_at) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.9);
    expect(days).toBeLessThan(7.1);
    const me = await call<{ User: { Id: number; Email: string; Balance: number; Profile: Record<string, string> } }>(
      h,
      'GET',
      '/api/session',
      { ssid: session_id },
    );
    expect(me.status).toBe(200);
    expect(me.body.data.User).toMatchObject({ Id: user_id, Email: email, Balance: 0 });
    expect(Object.keys(me.body.data.User.Profile).sort()).toEqual(
      ['Address1', 'Address2', 'City', 'Company', 'Country', 'FirstName', 'LastName', 'Postcode', 'State'].sort(),
    );
  });

  it('refuses a wrong code, and the right one after five wrong tries', async () => {
    const email = uniqueEmail();
    await call(h, 'POST', '/api/register/code', { body: { Email: email } });
    const code = h.mail.code(email)!;
    const wrong = code === '000000' ? '111111' : '000000';
    const body = { Email: email, Password: 'a good password', AgreeTerms: true };
    for (let i = 0; i < 5; i++) {
      const r = await call(h, 'POST', '/api/register', { body: { ...body, Code: wrong } });
      expect(r.status).toBe(400);
      expect(r.body.code).toBe('wrong_code');
    }
    expect((await call(h, 'POST', '/api/register', { body: { ...body, Code: code } })).body.code).toBe('wrong_code');
  });

  it('refuses an expired code', async () => {
    const email = uniqueEmail();
    await call(h, 'POST', '/api/register/code', { body: { Email: email } });
    await h.db.query("update email_codes set expires_at = now() - interval '1 second' where email = $1", [email]);
    const r = await call(h, 'POST', '/api/register', {
      body: { Email: email, Password: 'a good password', Code: h.mail.code(email), AgreeTerms: true },
    });
    expect(r.body.code).toBe('wrong_code');
  });

  it('bounds wrong guesses per address a day across codes, so a fresh code buys no fresh tries', async () => {
    const email = uniqueEmail();
    const body = { Email: email, Password: 'a good password', AgreeTerms: true };
    const freshCode = async () => {
      // Past the one-a-minute resend limit, as a patient attacker would be.
      await h.db.query('delete from throttle where key = $1', [`code:register:${email}`]);
      expect((await call(h, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(200);
      return h.mail.code(email)!;
    };
    let guesses = 0;
    for (let round = 0; round < 4; round++) {
      const code = await freshCode();
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 5; i++) {
        // From ever new addresses: the per-address limit is not what stops this.
        const r = await call(h, 'POST', '/api/register', {
          body: { ...body, Code: wrong },
          ip: `198.51.100.${guesses++}`,
        });
        expect(r.body.code).toBe('wrong_code');
      }
    }
    const code = await freshCode();
    const r = await call(h, 'POST', '/api/register', { body: { ...body, Code: code }, ip: '198.51.100.200' });
    expect([r.status, r.body.code]).toEqual([429, 'rate_limit_exceeded']);
    expect(Number(r.headers['retry-after'])).toBeGreaterThan(23 * 3600);
    // The bound is per address: another one signs up as usual.
    await signUp(h);
  });

  it('does not count a right code against the daily bound', async () => {
    const u = await signUp(h);
    for (let round = 0; round < 25; round++) {
      await h.db.query('delete from throttle where key = $1', [`code:reset:${u.email}`]);
      const ip = `198.51.100.${round}`;
      expect((await call(h, 'POST', '/api/password/forget', { body: { Email: u.email }, ip })).status).toBe(200);
      const r = await call(h, 'POST', '/api/password/reset', {
        body: { Email: u.email, Code: h.mail.code(u.email), Password: `new password ${round}` },
        ip,
      });
      expect(r.status).toBe(200);
    }
  });

  it('throttles resending a code within a minute', async () => {
    const email = uniqueEmail();
    expect((await call(h, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(200);
    const again = await call(h, 'POST', '/api/register/code', { body: { Email: email } });
    expect(again.status).toBe(429);
    expect(again.body.code).toBe('rate_limit_exceeded');
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('counts the minute from the last code sent, not from the clock', async () => {
    const email = uniqueEmail();
    await call(h, 'POST', '/api/register/code', { body: { Email: email } });
    await h.db.query("update throttle set window_start = now() - interval '59 seconds' where key = $1", [
      `code:register:${email}`,
    ]);
    expect((await call(h, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(429);
    await h.db.query("update throttle set window_start = now() - interval '61 seconds' where key = $1", [
      `code:register:${email}`,
    ]);
    expect((await call(h, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(200);
  });

  it('scales only the per-address limits with AUTH_RATE_LIMIT_SCALE, never the per-account ones', async () => {
    const scaled = await startHarness({ AUTH_RATE_LIMIT_SCALE: '50' });
    try {
      const email = uniqueEmail();
      expect((await call(scaled, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(200);
      expect((await call(scaled, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(429);
      for (let i = 0; i < 25; i++) {
        const r = await call(scaled, 'POST', '/api/register/code', {
          body: { Email: uniqueEmail() },
          ip: '203.0.113.5',
        });
        expect(r.status).toBe(200);
      }
    } finally {
      await scaled.close();
    }
  });

  it('answers a registered address like a new one, mailing a sign-in hint instead of a code', async () => {
    const user = await signUp(h);
    await h.db.query('delete from throttle');
    const r = await call(h, 'POST', '/api/register/code', { body: { Email: user.email } });
    expect(r.status).toBe(200);
    expect(h.mail.last(user.email)?.subject).toMatch(/already have an account/);
    expect(h.mail.code(user.email)).toBeUndefined();
  });

  it('validates every field and requires agreeing to the terms', async () => {
    const r = await call(h, 'POST', '/api/register', {
      body: { Email: 'nope', Password: 'short', Code: '12', AgreeTerms: false },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('parse_data_error');
    expect(r.body.fields).toEqual({
      Email: 'invalid_email',
      Password: 'password_too_short',
      Code: 'invalid_code',
      AgreeTerms: 'must_agree_terms',
    });
  });

  it('records the referrer of an affiliate code', async () => {
    const referrer = await signUp(h);
    const { rows } = await h.db.query<{ aff_code: string }>('select aff_code from users where id = $1', [
      referrer.userId,
    ]);
    const email = uniqueEmail();
    await call(h, 'POST', '/api/register/code', { body: { Email: email } });
    const r = await call<{ user_id: number }>(h, 'POST', '/api/register', {
      body: {
        Email: email,
        Password: 'a good password',
        Code: h.mail.code(email),
        AgreeTerms: true,
        AffCode: rows[0]!.aff_code,
      },
    });
    const ref = await h.db.query('select referred_by from users where id = $1', [r.body.data.user_id]);
    expect(ref.rows[0].referred_by).toBe(referrer.userId);
  });
});

describe('sign-in and sessions', () => {
  it('signs in with the right password only, with one error for a wrong password or an unknown email', async () => {
    const u = await signUp(h);
    const ok = await call<{ session_id: string; user_id: number }>(h, 'POST', '/api/login', {
      body: { Email: u.email.toUpperCase(), Password: u.password, AgreeTerms: true },
    });
    expect(ok.status).toBe(200);
    expect(ok.body.data.user_id).toBe(u.userId);
    const wrong = await call(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: 'not it at all', AgreeTerms: true },
    });
    const unknown = await call(h, 'POST', '/api/login', {
      body: { Email: uniqueEmail(), Password: 'not it at all', AgreeTerms: true },
    });
    expect([wrong.status, wrong.body.code]).toEqual([400, 'wrong_password']);
    expect([unknown.status, unknown.body.code]).toEqual([400, 'wrong_password']);
  });

  it('requires agreeing to the terms to sign in', async () => {
    const r = await call(h, 'POST', '/api/login', {
      body: { Email: uniqueEmail(), Password: 'whatever1', AgreeTerms: false },
    });
    expect(r.body.fields).toEqual({ AgreeTerms: 'must_agree_terms' });
  });

  it('throttles sign-in attempts from one address', async () => {
    let last = 0;
    for (let i = 0; i < 31; i++) {
      last = (
        await call(h, 'POST', '/api/login', {
          body: { Email: uniqueEmail(), Password: 'x'.repeat(9), AgreeTerms: true },
          ip: '192.0.2.9',
        })
      ).status;
    }
    expect(last).toBe(429);
  });

  it('counts IPv6 addresses of one /64 as one address', async () => {
    const attempt = (ip: string) =>
      call(h, 'POST', '/api/login', { body: { Email: uniqueEmail(), Password: 'x'.repeat(9), AgreeTerms: true }, ip });
    for (let i = 0; i < 30; i++) {
      // Thirty different addresses of 2001:db8:7:7::/64, written every way IPv6 allows.
      const ip = i % 2 ? `2001:db8:7:7:${i.toString(16)}::1` : `2001:0db8:0007:0007:0:0:0:${(i + 1).toString(16)}`;
      expect((await attempt(ip)).status).toBe(400);
    }
    const same = await attempt('2001:db8:7:7:ffff:ffff:ffff:fffe');
    expect([same.status, same.body.code]).toEqual([429, 'rate_limit_exceeded']);
    // The neighbouring /64 is another customer.
    expect((await attempt('2001:db8:7:8::1')).status).toBe(400);
  });

  it('tells a missing session from an invalid one, and ends a session at logout', async () => {
    expect((await call(h, 'GET', '/api/session')).body.code).toBe('need_login');
    expect((await call(h, 'GET', '/api/session', { ssid: 'made-up' })).body.code).toBe('invalid_session');
    const u = await signUp(h);
    expect((await call(h, 'POST', '/api/logout', { ssid: u.ssid })).status).toBe(200);
    const after = await call(h, 'GET', '/api/session', { ssid: u.ssid });
    expect([after.status, after.body.code]).toEqual([401, 'invalid_session']);
  });

  it('stores only a hash of the session id', async () => {
    const u = await signUp(h);
    const { rows } = await h.db.query<{ id_hash: Buffer }>('select id_hash from sessions where user_id = $1', [
      u.userId,
    ]);
    expect(rows[0]!.id_hash.toString('base64url')).not.toBe(u.ssid);
    expect(rows[0]!.id_hash.length).toBe(32);
  });
});

describe('session expiry', () => {
  it('expires sessions after SESSION_TTL', async () => {
    const short = await startHarness({ SESSION_TTL: '1' });
    try {
      const u = await signUp(short);
      expect((await call(short, 'GET', '/api/session', { ssid: u.ssid })).status).toBe(200);
      await new Promise((r) => setTimeout(r, 1_500));
      expect((await call(short, 'GET', '/api/session', { ssid: u.ssid })).body.code).toBe('invalid_session');
    } finally {
      await short.close();
    }
  });
});

describe('password reset', () => {
  it('answers the same for unknown addresses without mailing them', async () => {
    const email = uniqueEmail();
    expect((await call(h, 'POST', '/api/password/forget', { body: { Email: email } })).status).toBe(200);
    expect(h.mail.last(email)).toBeUndefined();
  });

  it('resets the password with the mailed code and ends every session', async () => {
    const u = await signUp(h);
    await call(h, 'POST', '/api/password/forget', { body: { Email: u.email } });
    const code = h.mail.code(u.email)!;
    const bad = await call(h, 'POST', '/api/password/reset', {
      body: { Email: u.email, Code: code === '999999' ? '000000' : '999999', Password: 'brand new pass' },
    });
    expect(bad.body.code).toBe('wrong_code');
    const ok = await call(h, 'POST', '/api/password/reset', {
      body: { Email: u.email, Code: code, Password: 'brand new pass' },
    });
    expect(ok.status).toBe(200);
    expect((await call(h, 'GET', '/api/session', { ssid: u.ssid })).body.code).toBe('invalid_session');
    const old = await call(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: u.password, AgreeTerms: true },
    });
    expect(old.body.code).toBe('wrong_password');
    const fresh = await call(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: 'brand new pass', AgreeTerms: true },
    });
    expect(fresh.status).toBe(200);
  });
});

describe('mail failures', () => {
  it('answers mail_sending_failed when the SMTP server is down', async () => {
    const broken = await startHarness({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const r = await call(broken, 'POST', '/api/register/code', { body: { Email: uniqueEmail() } });
      expect([r.status, r.body.code]).toEqual([503, 'mail_sending_failed']);
    } finally {
      await broken.close();
    }
  });

  it('keeps mail in the outbox without SMTP_URL, and the code out of the log unless the demo account is on', async () => {
    for (const demo of [false, true]) {
      const lines: string[] = [];
      const local = await startHarness(
        { SMTP_URL: '', LOG_LEVEL: 'info', DEMO_ACCOUNT: String(demo) },
        { log: { write: (line: string) => void lines.push(line) } },
      );
      try {
        const email = uniqueEmail();
        expect((await call(local, 'POST', '/api/register/code', { body: { Email: email } })).status).toBe(200);
        const { rows } = await local.db.query<{ subject: string }>(
          'select subject from mail_outbox where recipient = $1',
          [email],
        );
        const code = /verification code: (\d{6})/.exec(rows[0]?.subject ?? '')?.[1];
        expect(code).toBeDefined();
        const log = lines.join('');
        expect(log).toContain(email);
        expect(log.includes(code!), `code in the log with DEMO_ACCOUNT=${demo}`).toBe(demo);
      } finally {
        await local.close();
      }
    }
  });
});
