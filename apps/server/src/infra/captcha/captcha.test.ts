import { createChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { CaptchaChallenge } from '@nimbus/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { solve, solvedCaptcha } from '../../../test/captcha-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { issueChallenge } from './captcha.js';

// Ten failed sign-ins locked the account, so anyone could lock a customer out. Now,
// after repeated failures for an account or from an address, sign-in (and, from that address,
// sign-up and password reset) answers need_recaptcha until the request carries a solved, unspent
// proof-of-work challenge: a bot pays work for every try, the owner solves one and gets in.

let h: Harness;
beforeAll(async () => {
  h = await startHarness({ CAPTCHA_DIFFICULTY: '2000' });
});
afterAll(() => h.close());

let n = 0;
const nextIp = () => `198.18.${Math.floor(n / 250)}.${(n++ % 250) + 1}`;
const login = (email: string, password: string, ip = nextIp(), Captcha?: string) =>
  call(h, 'POST', '/api/login', { body: { Email: email, Password: password, AgreeTerms: true, Captcha }, ip });
const failLogins = async (email: string, times: number, ip?: () => string) => {
  for (let i = 0; i < times; i++) {
    const r = await login(email, 'not the password', ip?.());
    expect(r.body.code).toMatch(/^(wrong_password|need_recaptcha)$/);
  }
};

describe('sign-in after repeated failures for an account', () => {
  it('asks for a challenge even with the right password, and a solved one lets the owner in', async () => {
    const u = await signUp(h);
    expect((await login(u.email, u.password)).status).toBe(200);
    await failLogins(u.email, 5);
    const asked = await login(u.email, u.password);
    expect([asked.status, asked.body.code]).toEqual([400, 'need_recaptcha']);
    // A solved challenge with a wrong password is still a wrong password.
    const wrong = await login(u.email, 'not the password', nextIp(), await solvedCaptcha(h));
    expect([wrong.status, wrong.body.code]).toEqual([400, 'wrong_password']);
    const ok = await login(u.email, u.password, nextIp(), await solvedCaptcha(h));
    expect(ok.status).toBe(200);
    expect((ok.body.data as { user_id: number }).user_id).toBe(u.userId);
  });

  it('never locks the owner out, however many failures others cause', async () => {
    const u = await signUp(h);
    await failLogins(u.email, 40, nextIp);
    // Without a challenge every try is refused, right password or not: guessing costs work.
    expect((await login(u.email, u.password)).body.code).toBe('need_recaptcha');
    expect((await login(u.email, 'another guess')).body.code).toBe('need_recaptcha');
    expect((await login(u.email, u.password, nextIp(), await solvedCaptcha(h))).status).toBe(200);
  });

  it('does not ask for other accounts', async () => {
    const [victim, other] = [await signUp(h), await signUp(h)];
    await failLogins(victim.email, 6);
    expect((await login(other.email, other.password)).status).toBe(200);
  });
});

describe('sign-in, sign-up and password reset after repeated failures from an address', () => {
  it('asks for a challenge at that address only, for any account, and lets a solved one through', async () => {
    const ip = '203.0.113.77';
    for (let i = 0; i < 10; i++) await login(uniqueEmail(), 'a guessed password', ip);
    const u = await signUp(h);
    expect((await login(u.email, u.password, ip)).body.code).toBe('need_recaptcha');
    expect((await login(u.email, u.password, '203.0.113.78')).status).toBe(200);
    expect((await login(u.email, u.password, ip, await solvedCaptcha(h, ip))).status).toBe(200);

    const email = uniqueEmail();
    const code = await call(h, 'POST', '/api/register/code', { body: { Email: email }, ip });
    expect([code.status, code.body.code]).toEqual([400, 'need_recaptcha']);
    const sent = await call(h, 'POST', '/api/register/code', {
      body: { Email: email, Captcha: await solvedCaptcha(h, ip) },
      ip,
    });
    expect(sent.status).toBe(200);
    const register = { Email: email, Password: 'a good password', Code: h.mail.code(email), AgreeTerms: true };
    expect((await call(h, 'POST', '/api/register', { body: register, ip })).body.code).toBe('need_recaptcha');
    const made = await call(h, 'POST', '/api/register', {
      body: { ...register, Captcha: await solvedCaptcha(h, ip) },
      ip,
    });
    expect(made.status).toBe(200);

    expect((await call(h, 'POST', '/api/password/forget', { body: { Email: u.email }, ip })).body.code).toBe(
      'need_recaptcha',
    );
    const forget = await call(h, 'POST', '/api/password/forget', {
      body: { Email: u.email, Captcha: await solvedCaptcha(h, ip) },
      ip,
    });
    expect(forget.status).toBe(200);
    const reset = { Email: u.email, Code: h.mail.code(u.email), Password: 'a new good password' };
    expect((await call(h, 'POST', '/api/password/reset', { body: reset, ip })).body.code).toBe('need_recaptcha');
    const done = await call(h, 'POST', '/api/password/reset', {
      body: { ...reset, Captcha: await solvedCaptcha(h, ip) },
      ip,
    });
    expect(done.status).toBe(200);
  });

  it('counts wrong codes too, and IPv6 addresses of one /64 as one address', async () => {
    for (let i = 0; i < 10; i++) {
      const r = await call(h, 'POST', '/api/password/reset', {
        body: { Email: uniqueEmail(), Code: '000000', Password: 'a new good password' },
        ip: `2001:db8:5:5::${(i + 1).toString(16)}`,
      });
      expect(r.body.code).toBe('wrong_code');
    }
    const u = await signUp(h);
    expect((await login(u.email, u.password, '2001:db8:5:5:ffff::9')).body.code).toBe('need_recaptcha');
  });
});

describe('the challenge', () => {
  let victim: { email: string; password: string };
  beforeAll(async () => {
    victim = await signUp(h);
    await failLogins(victim.email, 5);
  });
  const challenge = async () => (await call<CaptchaChallenge>(h, 'GET', '/api/captcha')).body.data;

  it('is declared in the OpenAPI document', async () => {
    const doc = (await h.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, unknown>;
    };
    expect(Object.keys(doc.paths)).toContain('/api/captcha');
  });

  it('is good for one request: a replay is refused', async () => {
    const captcha = await solvedCaptcha(h);
    expect((await login(victim.email, 'not the password', nextIp(), captcha)).body.code).toBe('wrong_password');
    const replay = await login(victim.email, victim.password, nextIp(), captcha);
    expect([replay.status, replay.body.code]).toEqual([400, 'need_recaptcha']);
  });

  it('refuses a replay sent in parallel: only one of them is taken', async () => {
    const captcha = await solvedCaptcha(h);
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => login(victim.email, 'not the password', nextIp(), captcha)),
    );
    expect(answers.map((a) => a.body.code).sort()).toEqual([
      'need_recaptcha',
      'need_recaptcha',
      'need_recaptcha',
      'need_recaptcha',
      'wrong_password',
    ]);
  });

  it('refuses an expired challenge', async () => {
    const expired = await issueChallenge(h.ctx, Math.floor(Date.now() / 1000) - 1);
    const r = await login(victim.email, victim.password, nextIp(), await solve(expired.Challenge));
    expect(r.body.code).toBe('need_recaptcha');
  });

  it('refuses forged solutions: a wrong key, changed parameters, another key or no signature', async () => {
    const fresh = await challenge();
    const solved = JSON.parse(Buffer.from(await solve(fresh.Challenge), 'base64').toString()) as {
      challenge: CaptchaChallenge['Challenge'];
      solution: { counter: number; derivedKey: string };
    };
    const encode = (x: unknown) => Buffer.from(JSON.stringify(x)).toString('base64');
    const wrongKey = { ...solved, solution: { ...solved.solution, derivedKey: '00'.repeat(32) } };
    // An easier challenge with the server's signature copied over.
    const easier = { ...fresh.Challenge, parameters: { ...fresh.Challenge.parameters, keyPrefix: '0' } };
    const ownKey = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 3,
      deriveKey,
      expiresAt: Math.floor(Date.now() / 1000) + 600,
      hmacSignatureSecret: 'a key the attacker made up',
      hmacKeySignatureSecret: 'another key the attacker made up',
    });
    const unsigned = await createChallenge({ algorithm: 'SHA-256', cost: 1, counter: 3, deriveKey });
    const forged = [
      encode(wrongKey),
      await solve(easier as CaptchaChallenge['Challenge']),
      await solve(ownKey as CaptchaChallenge['Challenge']),
      await solve(unsigned as CaptchaChallenge['Challenge']),
      'bm90IGpzb24=',
      '!!!',
    ];
    for (const captcha of forged) {
      const r = await login(victim.email, victim.password, nextIp(), captcha);
      expect([r.status, r.body.code], captcha).toEqual([400, 'need_recaptcha']);
    }
    // The genuine solution was never spent by the forgeries.
    expect((await login(victim.email, victim.password, nextIp(), encode(solved))).status).toBe(200);
  });

  it('keeps a spent challenge until it expires (the purge then removes it: auth/purge.test.ts)', async () => {
    const { rows } = await h.db.query<{ left: number }>(
      'select extract(epoch from expires_at - now())::int as left from captcha_spent order by expires_at desc limit 1',
    );
    expect(rows[0]!.left).toBeGreaterThan(500);
    expect(rows[0]!.left).toBeLessThanOrEqual(600);
  });
});
