/** A counting semaphore with FIFO waiters. */
export class Semaphore {
  private active = 0;
  private readonly waiters: (() => void)[] = [];

  constructor(readonly limit: number) {
    if (!(limit >= 1)) throw new RangeError(`semaphore limit must be ≥ 1, got ${limit}`);
  }

  /** Waits for a slot and returns its release function (idempotent). */
  async acquire(): Promise<() => void> {
    if (this.active < this.limit) this.active++;
    else await new Promise<void>((resolve) => this.waiters.push(resolve));
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiters.shift();
      // Hand the slot straight to the next waiter so a newcomer cannot overtake it.
      if (next) next();
      else this.active--;
    };
  }

  /** Slots in use. */
  get inUse(): number {
    return this.active;
  }
}

/** Limits per category, e.g. `{ node: 4, storage: 2 }`. */
export type LimitConfig = Record<string, number>;

/**
 * What bounds task-creating calls: runs `fn` while holding one slot for each `category:name` key.
 * ConcurrencyLimiter does it in process memory; a server with several processes on one cluster
 * passes its own (the server keeps the slots in PostgreSQL).
 */
export interface Limiter {
  run<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T>;
}

/**
 * Bounds concurrency per resource, keyed `category:name` (`node:pve1`, `storage:ceph-vm`), in this
 * process only. Slots for several resources are taken in sorted order, so two operations never deadlock.
 */
export class ConcurrencyLimiter implements Limiter {
  private readonly semaphores = new Map<string, Semaphore>();

  constructor(private readonly limits: LimitConfig) {}

  /** Runs `fn` while holding one slot for each `category:name` key (unknown categories are unlimited). */
  async run<T>(keys: readonly string[], fn: () => Promise<T>): Promise<T> {
    const releases: (() => void)[] = [];
    try {
      for (const key of [...new Set(keys)].sort()) {
        const sem = this.semaphore(key);
        if (sem) releases.push(await sem.acquire());
      }
      return await fn();
    } finally {
      for (const release of releases.reverse()) release();
    }
  }

  /** Slots currently held for a key. */
  inUse(key: string): number {
    return this.semaphores.get(key)?.inUse ?? 0;
  }

  private semaphore(key: string): Semaphore | undefined {
    const limit = this.limits[key.split(':')[0] ?? ''];
    if (limit === undefined) return undefined;
    let sem = this.semaphores.get(key);
    if (!sem) {
      sem = new Semaphore(limit);
      this.semaphores.set(key, sem);
    }
    return sem;
  }
}
