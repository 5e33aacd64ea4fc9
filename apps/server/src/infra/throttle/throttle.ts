import pg from 'pg';
import type { Queryable } from '../db/pool.js';
import { limitAddress } from '../lib/client-address.js';
import { AppError } from '../lib/errors.js';

export interface Rule {
  limit: number;
  windowSeconds: number;
  /** Per client address (scaled by AUTH_RATE_LIMIT_SCALE) or per account (never scaled). */
  scope: 'ip' | 'account';
}

/**
 * Counters in PostgreSQL, so every replica shares them. A key's window opens at its first hit
 * and lasts windowSeconds, so "one per minute" means a minute after the last allowed hit.
 */
export class Throttle {
  constructor(
    private readonly db: Queryable,
    private readonly ipScale = 1,
  ) {}

  private limitOf(rule: Rule): number {
    return rule.scope === 'ip' ? rule.limit * this.ipScale : rule.limit;
  }

  /** Counts a hit on key; answers the seconds to wait when the window's limit is passed, else 0. */
  async hit(key: string, rule: Rule): Promise<number> {
    const { rows } = await this.db.query<{ hits: number; wait: number }>(
      `insert into throttle as t (key, window_start, hits) values ($1, now(), 1)
       on conflict (key) do update set
         hits = case when t.window_start + make_interval(secs => $2) <= now() then 1 else t.hits + 1 end,
         window_start = case when t.window_start + make_interval(secs => $2) <= now() then now() else t.window_start end
       returning hits, ceil(extract(epoch from window_start + make_interval(secs => $2) - now()))::int as wait`,
      [key, rule.windowSeconds],
    );
    // Housekeeping only on the pool, never inside a caller's transaction: there it would hold locks
    // on other keys' rows until that commits (and two such transactions could deadlock).
    if (this.db instanceof pg.Pool && Math.random() < 0.01) {
      await this.db.query("delete from throttle where window_start < now() - interval '2 days'");
    }
    const row = rows[0];
    return row && row.hits > this.limitOf(rule) ? Math.max(1, row.wait) : 0;
  }

  /** Takes back one hit on key (an attempt that turned out to cost nothing). */
  async unhit(key: string): Promise<void> {
    await this.db.query('update throttle set hits = hits - 1 where key = $1 and hits > 0', [key]);
  }

  /** Like hit, but throws rate_limit_exceeded when over the limit. */
  async enforce(key: string, rule: Rule): Promise<void> {
    const wait = await this.hit(key, rule);
    if (wait > 0) throw new AppError('rate_limit_exceeded', 429, undefined, wait);
  }

  /** Whether key is already at its limit in its current window, without counting a hit. */
  async blocked(key: string, rule: Rule): Promise<boolean> {
    const { rows } = await this.db.query<{ hits: number }>(
      'select hits from throttle where key = $1 and window_start + make_interval(secs => $2) > now()',
      [key, rule.windowSeconds],
    );
    return (rows[0]?.hits ?? 0) >= this.limitOf(rule);
  }
}

/** The throttle key of a per-address limit: IPv6 addresses count by their /64 (lib/client-address.ts). */
export const addressKey = (name: string, ip: string) => `${name}:${limitAddress(ip)}`;

/** The counter of wrong passwords and codes from an address (RULES.authFailuresPerIp). */
export const authFailureKey = (ip: string) => addressKey('auth-fail-ip', ip);

/** The limits on sign-in and codes (per account and per address). */
export const RULES = {
  loginPerIp: { limit: 30, windowSeconds: 600, scope: 'ip' },
  /**
   * Failures after which a request needs a solved challenge (need_recaptcha): wrong passwords for an
   * account at sign-in, and wrong passwords or codes from an address (which then also asks before
   * mailing sign-up and reset codes). Never a lockout: the owner solves one and gets in.
   */
  loginFailuresPerEmail: { limit: 5, windowSeconds: 900, scope: 'account' },
  authFailuresPerIp: { limit: 10, windowSeconds: 900, scope: 'ip' },
  passwordFailuresPerUser: { limit: 10, windowSeconds: 900, scope: 'account' },
  codeResendPerEmail: { limit: 1, windowSeconds: 60, scope: 'account' },
  codeSendPerIp: { limit: 20, windowSeconds: 3600, scope: 'ip' },
  codeVerifyPerIp: { limit: 30, windowSeconds: 600, scope: 'ip' },
  /**
   * Guesses of mailed codes per address a day, over every code and purpose: a new code resets its
   * own tries (CODE.maxAttempts), this does not. A right code takes its guess back.
   */
  codeGuessesPerEmail: { limit: 20, windowSeconds: 86_400, scope: 'account' },
  captchaPerIp: { limit: 60, windowSeconds: 600, scope: 'ip' },
  oauthStartPerIp: { limit: 30, windowSeconds: 600, scope: 'ip' },
  oauthCallbackPerIp: { limit: 30, windowSeconds: 600, scope: 'ip' },
} satisfies Record<string, Rule>;
