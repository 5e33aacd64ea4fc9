import type { Emulator } from '@nimbus/pve-emulator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProxmoxError, type ProxmoxClient, type TaskOptions } from '../src/index.js';
import { startTestEmulator, testClient } from './emulator-setup.js';

const NODE = 'pve1';
let emu: Emulator;
let client: ProxmoxClient;

beforeAll(async () => {
  emu = await startTestEmulator();
  // No retries: a lock conflict would surface instead of being papered over.
  client = testClient(emu, { retry: { maxAttempts: 1 }, limits: { perNode: 3, perStorage: 2 } });
});
afterAll(async () => {
  client.close();
  await emu.close();
});

type Span = { name: string; start: number; end: number };

/** Records when a task was accepted and when it finished. */
function track(spans: Span[], name: string): { opts: TaskOptions; done: () => void } {
  const span: Span = { name, start: 0, end: 0 };
  spans.push(span);
  return { opts: { onUpid: () => (span.start = performance.now()) }, done: () => (span.end = performance.now()) };
}

/**
 * The most spans running at one instant. The count peaks at some span's start, so it is the
 * number of spans running when each one starts. (Counting the spans that touch a span somewhere
 * is not it: a long span can meet one that ended before another began, which read 3 with two
 * clone slots in one run of five.)
 */
function maxOverlap(spans: Span[]): number {
  let max = 0;
  for (const s of spans) max = Math.max(max, spans.filter((o) => o.start <= s.start && s.start < o.end).length);
  return max;
}

describe('serialisation and limits against the emulator', () => {
  it('runs concurrent writes to one VM one after another, with no lock errors', async () => {
    const vmid = await client.cluster.nextId();
    await client.qemu.clone(NODE, 9000, { newid: vmid, name: 'serial' });
    const spans: Span[] = [];
    const ops = [
      (o: TaskOptions) => client.qemu.updateConfig(NODE, vmid, { cores: 2 }, o),
      (o: TaskOptions) => client.qemu.resize(NODE, vmid, 'scsi0', '+1G', o),
      (o: TaskOptions) => client.qemu.power(NODE, vmid, 'start', {}, o),
      (o: TaskOptions) => client.snapshots.create(NODE, vmid, 'snap1', {}, o),
      (o: TaskOptions) => client.qemu.power(NODE, vmid, 'stop', {}, o),
      (o: TaskOptions) => client.qemu.resize(NODE, vmid, 'scsi0', '+1G', o),
    ];
    await Promise.all(
      ops.map((op, i) => {
        const t = track(spans, `op${i}`);
        return op(t.opts).then(t.done);
      }),
    );
    expect(maxOverlap(spans.filter((s) => s.start > 0))).toBe(1);
    // Arrival order is kept.
    expect([...spans].sort((a, b) => a.start - b.start).map((s) => s.name)).toEqual([
      'op0',
      'op1',
      'op2',
      'op3',
      'op4',
      'op5',
    ]);
    expect(emu.vm(vmid)?.config.scsi0).toMatch(/size=5G/);
  });

  it('without the shared queue, overlapping writes hit Proxmox lock errors', async () => {
    const vmid = await client.cluster.nextId();
    await client.qemu.clone(NODE, 9000, { newid: vmid, name: 'racy' });
    const other = testClient(emu, { retry: { maxAttempts: 1 } }); // its own queue
    const results = await Promise.allSettled([
      client.snapshots.create(NODE, vmid, 'snap1'),
      other.qemu.updateConfig(NODE, vmid, { cores: 3 }),
      other.qemu.power(NODE, vmid, 'start'),
    ]);
    other.close();
    const lockErrors = results.filter(
      (r) => r.status === 'rejected' && r.reason instanceof ProxmoxError && r.reason.isLock,
    );
    expect(lockErrors.length).toBeGreaterThan(0);
  });

  it('limits concurrent clones per storage and tasks per node', async () => {
    const first = await client.cluster.nextId();
    const spans: Span[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((i) => {
        const t = track(spans, `clone${i}`);
        const opts = { ...t.opts };
        return client.qemu
          .clone(NODE, 9000 + (i % 2), { newid: first + i, name: `c${i}`, full: true, storage: 'ceph-vm' }, opts)
          .then(t.done);
      }),
    );
    expect(maxOverlap(spans)).toBeLessThanOrEqual(2);
    expect(maxOverlap(spans)).toBeGreaterThan(1);
    for (let i = 0; i < 5; i++) expect(emu.vm(first + i)?.node).toBe(NODE);
  });
});
