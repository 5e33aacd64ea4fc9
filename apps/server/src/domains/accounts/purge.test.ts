import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from '../../../test/api.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { ticketType } from '../../../test/ticket-helpers.js';
import { PURGE_QUEUE } from './manifest.js';

let h: Harness;
beforeAll(async () => {
  // With the job workers, as on a worker replica.
  h = await startHarness({}, { compute: {} });
});
afterAll(() => h.close());

const count = async (sql: string, params: unknown[]) => (await h.db.query(sql, params)).rowCount;

describe('the scheduled purge', () => {
  it('is scheduled', async () => {
    const { rows } = await h.db.query<{ cron: string }>('select cron from pgboss.schedule where name = $1', [
      PURGE_QUEUE,
    ]);
    expect(rows[0]?.cron).toBeTruthy();
  });

  it('removes expired sessions, old idempotency keys and expired codes, and keeps live ones', async () => {
    const u = await signUp(h);
    const old = await call<{ session_id: string }>(h, 'POST', '/api/login', {
      body: { Email: u.email, Password: u.password, AgreeTerms: true },
    });
    await h.db.query(
      "update sessions set expire_at = now() - interval '1 minute' where id_hash = sha256(convert_to($1, 'UTF8'))",
      [old.body.data.session_id],
    );
    expect((await call(h, 'GET', '/api/session', { ssid: old.body.data.session_id })).status).toBe(401);

    const type = await ticketType(h);
    const ticket = { Title: 't', TypeId: type.Id, Content: 'c' };
    for (const key of ['old-key', 'new-key']) {
      expect((await call(h, 'POST', '/api/ticket/add', { ssid: u.ssid, body: ticket, key })).status).toBe(200);
    }
    await h.db.query(
      "update idempotency_keys set created_at = now() - interval '25 hours' where user_id = $1 and key = 'old-key'",
      [u.userId],
    );

    const [stale, live] = [uniqueEmail(), uniqueEmail()];
    for (const email of [stale, live]) await call(h, 'POST', '/api/register/code', { body: { Email: email } });
    await h.db.query("update email_codes set expires_at = now() - interval '1 second' where email = $1", [stale]);

    // A third-party sign-in's one-time code past its minute (as the callback leaves it).
    await h.db.query(
      `insert into oauth_login_codes (code_hash, browser_hash, user_id, expires_at)
       values ('\\x01', '\\x02', $1, now() - interval '1 second'), ('\\x03', '\\x04', $1, now() + interval '1 minute')`,
      [u.userId],
    );

    // Spent proof-of-work challenges (need_recaptcha): kept only while a replay could still pass.
    await h.db.query(
      `insert into captcha_spent (signature, expires_at)
       values ('spent-expired', now() - interval '1 second'), ('spent-live', now() + interval '5 minutes')`,
    );

    await h.ctx.jobs!.send(h.db, PURGE_QUEUE, {});
    h.ctx.jobs!.wake(PURGE_QUEUE);
    await expect.poll(() => count('select 1 from email_codes where email = $1', [stale]), { timeout: 10_000 }).toBe(0);

    expect(await count('select 1 from sessions where user_id = $1', [u.userId])).toBe(1);
    expect((await call(h, 'GET', '/api/session', { ssid: u.ssid })).status).toBe(200);
    const keys = await h.db.query<{ key: string }>('select key from idempotency_keys where user_id = $1', [u.userId]);
    expect(keys.rows.map((r) => r.key)).toEqual(['new-key']);
    expect(await count('select 1 from email_codes where email = $1', [live])).toBe(1);
    const spent = await h.db.query<{ signature: string }>('select signature from captcha_spent');
    expect(spent.rows.map((r) => r.signature)).toEqual(['spent-live']);
    const codes = await h.db.query<{ code_hash: Buffer }>('select code_hash from oauth_login_codes');
    expect(codes.rows.map((r) => r.code_hash.toString('hex'))).toEqual(['03']);
    // The live code still works.
    const r = await call(h, 'POST', '/api/register', {
      body: { Email: live, Password: 'a good password', Code: h.mail.code(live), AgreeTerms: true },
    });
    expect(r.status).toBe(200);
  });
});
