import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Api } from '../lib/api.js';
import { limitAddress } from '../lib/client-address.js';
import { AppError } from '../lib/errors.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** `false` exempts a route from the API's per-address budget (health checks, gateway webhooks). */
    rateLimit?: false;
  }
}

interface Window {
  start: number;
  hits: number;
}

/**
 * A fixed window per key: `max` hits from the window's first hit for `windowMs`, then 429 with the
 * seconds left. Synchronous and in memory, per process (like @fastify/rate-limit's local store it
 * replaces): it runs before every API request, so it costs no promise, no await and no response
 * headers. The map is kept in window-start order (a new window re-inserts its key), so ended
 * windows are always at its front and are dropped a few at a time on each hit, never in one long
 * pass; at `maxKeys` the oldest window is dropped to make room, so memory stays bounded whatever
 * number of addresses calls.
 */
export class FixedWindowLimiter {
  private readonly windows = new Map<string, Window>();
  /** No window ends before this time (see sweep). */
  private nextSweep = 0;

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 100_000,
  ) {}

  /** Counts a hit; answers the seconds to wait when the key is over its budget, else 0. */
  hit(key: string): number {
    const now = this.now();
    if (now >= this.nextSweep) this.sweep(now, 2);
    let w = this.windows.get(key);
    if (!w || now - w.start >= this.windowMs) {
      this.windows.delete(key);
      if (this.windows.size >= this.maxKeys) this.windows.delete(this.windows.keys().next().value!);
      w = { start: now, hits: 0 };
      this.windows.set(key, w);
    }
    w.hits++;
    return w.hits > this.max ? Math.max(1, Math.ceil((w.start + this.windowMs - now) / 1000)) : 0;
  }

  get size(): number {
    return this.windows.size;
  }

  /**
   * Drops up to `limit` ended windows from the front (the oldest), and notes when the front's
   * window ends: until then no window has ended and hits skip the sweep. (A later front started no
   * earlier, so the note is never late.)
   */
  private sweep(now: number, limit: number) {
    for (const [key, w] of this.windows) {
      if (now - w.start < this.windowMs) {
        this.nextSweep = w.start + this.windowMs;
        return;
      }
      if (limit-- <= 0) return;
      this.windows.delete(key);
    }
    // Empty: a window opened from now on ends no earlier than this.
    this.nextSweep = now + this.windowMs;
  }
}

/**
 * The API's per-address request budget: 429 rate_limit_exceeded with Retry-After, checked on every
 * route registered on `app` after this call except those with `rateLimit: false`. Keyed by
 * `request.ip` (the socket's peer, or the client a trusted proxy names), IPv6 by its /64
 * (limitAddress).
 */
export function installApiRateLimit(app: Api, perMinute: number): void {
  const limiter = new FixedWindowLimiter(perMinute, 60_000);
  const check = (req: FastifyRequest, _reply: FastifyReply, done: (err?: Error) => void) => {
    const wait = limiter.hit(limitAddress(req.ip));
    done(wait ? new AppError('rate_limit_exceeded', 429, undefined, wait) : undefined);
  };
  // Route-level and first: a refused request costs nothing else (session lookups, body parsing).
  app.addHook('onRoute', (route) => {
    if (route.config?.rateLimit === false) return;
    route.onRequest = [check, ...[route.onRequest ?? []].flat()];
  });
}
