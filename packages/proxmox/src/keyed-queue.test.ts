import { describe, expect, it } from 'vitest';
import { KeyedQueue } from './keyed-queue.js';
import { ConcurrencyLimiter, Semaphore } from './limiter.js';

const tick = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

describe('KeyedQueue', () => {
  it('runs one operation at a time per key, in order, and keys in parallel', async () => {
    const q = new KeyedQueue();
    const log: string[] = [];
    let active = 0;
    let maxActive = 0;
    const op = (key: string, name: string, ms: number) =>
      q.run(key, async () => {
        active++;
        maxActive = Math.max(maxActive, active);
        log.push(`start ${name}`);
        await tick(ms);
        log.push(`end ${name}`);
        active--;
        return name;
      });
    const results = await Promise.all([op('a', 'a1', 20), op('a', 'a2', 5), op('b', 'b1', 5)]);
    expect(results).toEqual(['a1', 'a2', 'b1']);
    expect(log.indexOf('end a1')).toBeLessThan(log.indexOf('start a2'));
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(maxActive).toBe(2);
    expect(q.activeKeys).toBe(0);
  });

  it('keeps going after a failure', async () => {
    const q = new KeyedQueue();
    const failed = q.run('k', () => Promise.reject(new Error('boom')));
    const next = q.run('k', async () => 'ok');
    await expect(failed).rejects.toThrow('boom');
    await expect(next).resolves.toBe('ok');
  });
});

describe('limits', () => {
  it('Semaphore never exceeds its limit and hands slots over FIFO', async () => {
    const sem = new Semaphore(2);
    let active = 0;
    let max = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map(async (i) => {
        const release = await sem.acquire();
        order.push(i);
        active++;
        max = Math.max(max, active);
        await tick(5);
        active--;
        release();
        release(); // double release is harmless
      }),
    );
    expect(max).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(sem.inUse).toBe(0);
  });

  it('ConcurrencyLimiter bounds per node and per storage together', async () => {
    const lim = new ConcurrencyLimiter({ node: 3, storage: 1 });
    let perStorage = 0;
    let maxStorage = 0;
    let perNode = 0;
    let maxNode = 0;
    const job = (storage: string) =>
      lim.run(['node:pve1', `storage:${storage}`, 'other:x'], async () => {
        perNode++;
        if (storage === 's1') perStorage++;
        maxNode = Math.max(maxNode, perNode);
        maxStorage = Math.max(maxStorage, perStorage);
        await tick(5);
        perNode--;
        if (storage === 's1') perStorage--;
      });
    await Promise.all([job('s1'), job('s1'), job('s1'), job('s2'), job('s3'), job('s4'), job('s5')]);
    expect(maxStorage).toBe(1);
    expect(maxNode).toBe(3);
    expect(lim.inUse('node:pve1')).toBe(0);
  });

  it('releases slots when the operation throws', async () => {
    const lim = new ConcurrencyLimiter({ node: 1 });
    await expect(lim.run(['node:a'], () => Promise.reject(new Error('x')))).rejects.toThrow('x');
    await expect(lim.run(['node:a'], async () => 1)).resolves.toBe(1);
  });
});
