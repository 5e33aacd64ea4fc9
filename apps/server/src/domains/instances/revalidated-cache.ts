/**
 * A read-through cache for the hot status route, kept honest by batch revalidation: every
 * `revalidateMs` one `load(keys)` call re-reads every entry used in the last `idleMs`, and an entry
 * the load no longer returns is dropped. An entry older than `maxAgeMs` (revalidation failed or
 * lagged) is loaded again before it is served, so a change reaches readers within `revalidateMs`
 * normally and `maxAgeMs` at worst.
 */
export interface RevalidatedCacheOptions<K, V> {
  /** Reads the current values of many keys at once; keys absent from the answer no longer exist. */
  load(keys: K[]): Promise<Map<K, V>>;
  /**
   * The batch revalidation, when it can be cheaper than `load` (e.g. asking only which keys are
   * gone); given the entries held, answers the current ones. Defaults to `load`.
   */
  revalidate?(held: [K, V][]): Promise<Map<K, V>>;
  revalidateMs: number;
  maxAgeMs: number;
  idleMs: number;
  onError?(err: unknown): void;
}

/**
 * Keys per revalidation query. Encoding a chunk's parameters and reading its rows holds the event
 * loop: small chunks keep the polls that wait behind one from waiting long (docs/benchmarks.md).
 */
const CHUNK = 250;

interface Entry<V> {
  value: V;
  checkedAt: number;
  usedAt: number;
}

export class RevalidatedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private timer: NodeJS.Timeout | undefined;
  /** The batch revalidation under way, if any. */
  private inflight: Promise<void> | undefined;
  private readonly loading = new Map<K, Promise<V | undefined>>();

  constructor(private readonly opts: RevalidatedCacheOptions<K, V>) {}

  /**
   * The value of `key`: from memory when checked recently; otherwise after the batch revalidation
   * under way, if any (one query for everyone rather than one each), or loaded on its own, once
   * however many readers ask at the same time. Undefined when absent.
   */
  get(key: K): V | undefined | Promise<V | undefined> {
    const e = this.entries.get(key);
    if (e && this.fresh(e)) return this.use(e);
    if (e && this.inflight) {
      return this.inflight.then(() => {
        const again = this.entries.get(key);
        return again && this.fresh(again) ? this.use(again) : this.loadOne(key);
      });
    }
    return this.loadOne(key);
  }

  private use(e: Entry<V>): V {
    e.usedAt = Date.now();
    return e.value;
  }

  private fresh(e: Entry<V>): boolean {
    return Date.now() - e.checkedAt <= this.opts.maxAgeMs;
  }

  private loadOne(key: K): Promise<V | undefined> {
    let p = this.loading.get(key);
    if (!p) {
      const checkedAt = Date.now();
      p = this.opts
        .load([key])
        .then((found) => {
          const value = found.get(key);
          if (value === undefined) this.entries.delete(key);
          else this.set(key, value, checkedAt);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, p);
    }
    return p;
  }

  /** Forgets one key (e.g. after a change this process made itself). */
  delete(key: K): void {
    this.entries.delete(key);
  }

  get size(): number {
    return this.entries.size;
  }

  close(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    this.entries.clear();
  }

  private set(key: K, value: V, checkedAt: number) {
    this.entries.set(key, { value, checkedAt, usedAt: Date.now() });
    this.schedule();
  }

  private schedule() {
    if (this.timer || this.entries.size === 0) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.revalidate().finally(() => this.schedule());
    }, this.opts.revalidateMs);
    this.timer.unref();
  }

  private revalidate(): Promise<void> {
    this.inflight ??= this.revalidateAll().finally(() => (this.inflight = undefined));
    return this.inflight;
  }

  /**
   * Re-reads every entry read in the last `idleMs`, in chunks of CHUNK keys: one query per chunk,
   * and no long stretch of the event loop spent encoding parameters or reading rows.
   */
  private async revalidateAll(): Promise<void> {
    const started = Date.now();
    const held: [K, V][] = [];
    for (const [k, e] of this.entries) {
      if (started - e.usedAt > this.opts.idleMs) this.entries.delete(k);
      else held.push([k, e.value]);
    }
    for (let i = 0; i < held.length; i += CHUNK) {
      const chunk = held.slice(i, i + CHUNK);
      try {
        const keys = chunk.map(([k]) => k);
        const found = await (this.opts.revalidate ? this.opts.revalidate(chunk) : this.opts.load(keys));
        for (const k of keys) {
          const e = this.entries.get(k);
          if (!e) continue;
          const value = found.get(k);
          if (value === undefined) this.entries.delete(k);
          else {
            e.value = value;
            e.checkedAt = started;
          }
        }
      } catch (err) {
        this.opts.onError?.(err);
      }
    }
  }
}
