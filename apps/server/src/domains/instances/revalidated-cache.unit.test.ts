import { afterEach, describe, expect, it } from 'vitest';
import { RevalidatedCache } from './revalidated-cache.js';

/** A source of truth the cache reads from, counting its reads. */
function source(initial: Record<string, number>) {
  const data = new Map(Object.entries(initial));
  const reads: string[][] = [];
  return {
    data,
    reads,
    load: async (keys: string[]) => {
      reads.push(keys);
      await new Promise((r) => setTimeout(r, 5));
      return new Map(keys.filter((k) => data.has(k)).map((k) => [k, data.get(k)!]));
    },
  };
}

const caches: RevalidatedCache<string, number>[] = [];
const cache = (load: (keys: string[]) => Promise<Map<string, number>>, over = {}) => {
  const c = new RevalidatedCache({ load, revalidateMs: 40, maxAgeMs: 200, idleMs: 150, ...over });
  caches.push(c);
  return c;
};
afterEach(() => caches.splice(0).forEach((c) => c.close()));
const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));
/** Waits until `check` holds (timers run late on a busy machine; nothing here asserts on time). */
async function until(check: () => boolean) {
  while (!check()) await wait(10);
}

describe('RevalidatedCache', () => {
  it('loads a key once for concurrent readers, then answers from memory', async () => {
    const s = source({ a: 1 });
    const c = cache(s.load);
    expect(await Promise.all([c.get('a'), c.get('a'), c.get('a')])).toEqual([1, 1, 1]);
    expect(s.reads).toEqual([['a']]);
    expect(c.get('a')).toBe(1);
    expect(await c.get('missing')).toBeUndefined();
  });

  it('revalidates everything read recently in one batch, dropping what is gone', async () => {
    const s = source({ a: 1, b: 2 });
    const c = cache(s.load);
    await c.get('a');
    await c.get('b');
    s.data.set('a', 10);
    s.data.delete('b');
    await until(() => c.get('a') === 10);
    expect(s.reads.some((r) => r.length === 2)).toBe(true);
    expect(c.get('b')).toBeInstanceOf(Promise);
    expect(await c.get('b')).toBeUndefined();
  });

  it('forgets keys nobody reads, and stops reading the source', async () => {
    const s = source({ a: 1 });
    const c = cache(s.load);
    await c.get('a');
    await until(() => c.size === 0);
    const reads = s.reads.length;
    await wait(150);
    expect(s.reads.length).toBe(reads);
  });

  it('does not serve a value older than maxAge when revalidation fails', async () => {
    const s = source({ a: 1 });
    let failing = false;
    const c = cache((keys) => (failing ? Promise.reject(new Error('db down')) : s.load(keys)), {
      revalidateMs: 20,
      maxAgeMs: 60,
    });
    await c.get('a');
    failing = true;
    // Past maxAge, the entry is read again, and that read fails.
    await wait(80);
    await expect(c.get('a')).rejects.toThrow('db down');
  });
});
