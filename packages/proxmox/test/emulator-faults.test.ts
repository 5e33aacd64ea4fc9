import type { Emulator } from '@nimbus/pve-emulator';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  OutcomeUnknownError,
  ProxmoxError,
  TaskFailedError,
  type LogFields,
  type Logger,
  type ProxmoxClient,
} from '../src/index.js';
import { startTestEmulator, testClient, TOKEN } from './emulator-setup.js';

const NODE = 'pve1';
let emu: Emulator;
let client: ProxmoxClient;
const logs: { level: string; msg: string; fields?: LogFields }[] = [];
const logger: Logger = {
  debug: (msg, fields) => logs.push({ level: 'debug', msg, fields }),
  info: (msg, fields) => logs.push({ level: 'info', msg, fields }),
  warn: (msg, fields) => logs.push({ level: 'warn', msg, fields }),
  error: (msg, fields) => logs.push({ level: 'error', msg, fields }),
};

beforeAll(async () => {
  emu = await startTestEmulator();
  client = testClient(emu, { logger });
});
afterEach(() => emu.faults.clear());
afterAll(async () => {
  client.close();
  await emu.close();
});

async function freshVm(): Promise<number> {
  const vmid = await client.cluster.nextId();
  await client.qemu.clone(NODE, 9000, { newid: vmid, name: `t-${vmid}` });
  return vmid;
}

describe('fault handling against the emulator', () => {
  it('retries a lock timeout on an async config POST until it succeeds', async () => {
    const vmid = await freshVm();
    emu.faults.add({ method: 'POST', path: new RegExp(`/qemu/${vmid}/config$`), kind: 'lock-timeout', times: 2 });
    await client.qemu.updateConfig(NODE, vmid, { cores: 4 });
    expect(emu.vm(vmid)?.config.cores).toBe('4');
    const retries = logs.filter((l) => l.msg === 'proxmox call retried' && l.fields?.kind === 'lock');
    expect(retries).toHaveLength(2);
  });

  it('retries a 503 on a GET', async () => {
    emu.faults.add({ method: 'GET', path: /^\/cluster\/resources$/, kind: 'http-503', times: 2 });
    const res = await client.cluster.resources('vm');
    expect(res.length).toBeGreaterThan(0);
  });

  it('does not retry a plain 500 on a GET (it is an answer, not a glitch)', async () => {
    emu.faults.add({ method: 'GET', path: /^\/version$/, kind: 'http-500', times: 1, message: 'boom' });
    await expect(client.cluster.version()).rejects.toMatchObject({ kind: 'server', status: 500, reason: 'boom' });
    await expect(client.cluster.version()).resolves.toMatchObject({ release: '8.4' });
  });

  it('does not re-send a clone whose connection dropped, and reports the outcome as unknown', async () => {
    const newid = await client.cluster.nextId();
    // One drop only: if the client re-sent, the second request would go through and create the VM.
    emu.faults.add({ method: 'POST', path: /\/clone$/, kind: 'drop', times: 1 });
    const e = await client.qemu.clone(NODE, 9000, { newid, name: 'dropped' }).catch((x: unknown) => x);
    expect(e).toBeInstanceOf(OutcomeUnknownError);
    expect(e).toMatchObject({ kind: 'outcome-unknown', method: 'POST', path: '/nodes/pve1/qemu/9000/clone' });
    expect(emu.vm(newid)).toBeUndefined();
    // The caller checks Proxmox state before creating again: the clone may have happened.
    expect(await client.cluster.isVmidFree(newid)).toBe(true);
  });

  it('retries a dropped GET', async () => {
    emu.faults.add({ method: 'GET', path: /^\/nodes$/, kind: 'drop', times: 1 });
    expect((await client.cluster.nodes()).length).toBe(2);
  });

  it('surfaces a failing task as TaskFailedError with its log', async () => {
    const vmid = await freshVm();
    emu.faults.add({
      method: 'POST',
      path: /\/status\/start$/,
      kind: 'task-fail',
      message: 'start failed: QEMU exited with code 1',
    });
    const e = await client.qemu.power(NODE, vmid, 'start').catch((x: unknown) => x);
    expect(e).toBeInstanceOf(TaskFailedError);
    const tf = e as TaskFailedError;
    expect(tf.exitstatus).toMatch(/start failed/);
    expect(tf.log.length).toBeGreaterThan(0);
    expect(tf.log.at(-1)).toMatch(/^TASK ERROR: .*start failed/);
  });

  it('times out a slow GET and retries it', async () => {
    const fast = testClient(emu, { timeoutMs: 100 });
    emu.faults.add({ method: 'GET', path: /^\/version$/, kind: 'latency', latencyMs: 400, times: 1 });
    await expect(fast.cluster.version()).resolves.toMatchObject({ release: '8.4' });
    fast.close();
  });

  it('a timed-out start is outcome-unknown and not re-sent', async () => {
    const vmid = await freshVm();
    const fast = testClient(emu, { timeoutMs: 100 });
    emu.faults.add({ method: 'POST', path: /\/status\/start$/, kind: 'latency', latencyMs: 400, times: 1 });
    await expect(fast.qemu.power(NODE, vmid, 'start')).rejects.toBeInstanceOf(OutcomeUnknownError);
    fast.close();
    // Recovery after an unknown outcome: look at the node's tasks for this VM before trying again.
    await new Promise((r) => setTimeout(r, 600));
    const starts = (await client.tasks.list(NODE, { vmid, typefilter: 'qmstart', source: 'all' })).filter(
      (t) => t.type === 'qmstart',
    );
    expect(starts.length).toBeLessThanOrEqual(1);
    if (starts[0]) expect(starts[0].status === 'running' || starts[0].exitstatus === 'OK').toBe(true);
  });

  it('gives up after maxAttempts on a persistent 503 and never logs the token', async () => {
    emu.faults.add({ method: 'GET', path: /^\/cluster\/nextid$/, kind: 'http-503', times: Infinity });
    const e = await client.cluster.nextId().catch((x: unknown) => x);
    expect(e).toBeInstanceOf(ProxmoxError);
    expect((e as ProxmoxError).status).toBe(503);
    const secret = TOKEN.split('=')[1] ?? 'x';
    expect(JSON.stringify(logs)).not.toContain(secret);
    expect(String(e)).not.toContain(secret);
  });
});
