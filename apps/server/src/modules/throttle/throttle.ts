import type { Queryable } from '../../db/pool.js';
import { AppError } from '../../lib/errors.js';

export interface Rule {
  limit: number;
  windowSeconds: number;
}

/** Fixed-window counters in PostgreSQL, so every replica shares them. */
export class Throttle {
  constructor(
    private readonly db: Queryable,
    private readonly scale = 1,
  ) {}

  /** Counts a hit on key; answers the seconds to wait when the window's limit is passed, else 0. */
  async hit(key: string, rule: Rule): Promise<number> {
    const { rows } = await this.db.query<{ hits: number; wait: number }>(
      `insert into throttle (key, window_start, hits)
       values ($1, to_timestamp(floor(extract(epoch from now()) / $2) * $2), 1)
       on conflict (key, window_start) do update set hits = throttle.hits + 1
       returning hits, ceil(extract(epoch from window_start) + $2 - extract(epoch from now()))::int as wait`,
      [key, rule.windowSeconds],
    );
    if (Math.random() < 0.01) {
      await this.db.query("delete from throttle where window_start < now() - interval '2 days'");
    }
    const row = rows[0];
    return row && row.hits > rule.limit * this.scale ? Math.max(1, row.wait) : 0;
  }

  /** Like hit, but throws rate_limit_exceeded when over the limit. */
  async enforce(key: string, rule: Rule): Promise<void> {
    const wait = await this.hit(key, rule);
    if (wait > 0) throw new AppError('rate_limit_exceeded', 429, undefined, wait);
  }

  /** Whether key is already over its limit in this window, without counting a hit. */
  async blocked(key: string, rule: Rule): Promise<boolean> {
    const { rows } = await this.db.query<{ hits: number }>(
      `select hits from throttle where key = $1 and window_start = to_timestamp(floor(extract(epoch from now()) / $2) * $2)`,
      [key, rule.windowSeconds],
    );
    return (rows[0]?.hits ?? 0) >= rule.limit * this.scale;
  }
}

/** The limits on sign-in and codes (per account and per address). */
export const RULES = {
  loginPerIp: { limit: 30, windowSeconds: 600 },
  loginFailuresPerEmail: { limit: 10, windowSeconds: 900 },
  codeResendPerEmail: { limit: 1, windowSeconds: 60 },
  codeSendPerIp: { limit: 20, windowSeconds: 3600 },
  codeVerifyPerIp: { limit: 30, windowSeconds: 600 },
} satisfies Record<string, Rule>;
