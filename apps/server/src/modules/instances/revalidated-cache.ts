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
  revalidateMs: number;
  maxAgeMs: number;
  idleMs: number;
  onError?(err: unknown): void;
}

interface Entry<V> {
  value: V;
  checkedAt: number;
  usedAt: number;
}

export class RevalidatedCache<K, V> {
  private readonly entries = new Map<K, Entry<V>>();
  private timer: NodeJS.Timeout | undefined;
  private revalidating = false;

  constructor(private readonly opts: RevalidatedCacheOptions<K, V>) {}

  /** The value of `key`: from memory when checked recently, otherwise loaded (undefined when absent). */
  get(key: K): V | undefined | Promise<V | undefined> {
    const now = Date.now();
    const e = this.entries.get(key);
    if (e && now - e.checkedAt <= this.opts.maxAgeMs) {
      e.usedAt = now;
      return e.value;
    }
    return this.opts.load([key]).then((found) => {
      const value = found.get(key);
      if (value === undefined) this.entries.delete(key);
      else this.set(key, value, now);
      return value;
    });
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

  private async revalidate() {
    if (this.revalidating) return;
    this.revalidating = true;
    const started = Date.now();
    try {
      const keys: K[] = [];
      for (const [k, e] of this.entries) {
        if (started - e.usedAt > this.opts.idleMs) this.entries.delete(k);
        else keys.push(k);
      }
      if (keys.length === 0) return;
      const found = await this.opts.load(keys);
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
    } finally {
      this.revalidating = false;
    }
  }
}
