/**
 * Runs operations one at a time per key (e.g. `cluster:vmid`), in arrival order, while different
 * keys run in parallel. Proxmox takes a 10 s flock per VM, so overlapping writes to one VM only
 * produce lock timeouts; queueing them in the panel avoids that.
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  /** Runs `fn` after every earlier operation on `key` has settled. */
  run<T>(key: string, fn: () => Promise<T>): Promise<T> {
    const prev = this.tails.get(key) ?? Promise.resolve();
    const result = prev.then(fn, fn);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      // Drop the entry once idle so the map does not grow with every VM ever touched.
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }

  /** Number of keys with queued or running work. */
  get activeKeys(): number {
    return this.tails.size;
  }
}
