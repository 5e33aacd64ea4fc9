import type { DeployResult } from '@nimbus/contract';
import { expect } from 'vitest';
import { instances } from '../src/domains/instances/repository.js';
import { tasks } from '../src/infra/tasks/repository.js';
import { call, signUp, type Reply } from './api.js';
import { deployBody, pick, topUp, waitTask } from './deploy-helpers.js';
import type { Harness } from './harness.js';

export type Customer = Awaited<ReturnType<typeof signUp>>;

/** A customer with money and one instance deployed for real (Hong Kong, 1 vCPU · 1 GB: 2 backups, 2 snapshots). */
export async function customerWithInstance(h: Harness, hostname = 'data-1') {
  const u = await signUp(h);
  await topUp(h, u.userId, 10_000);
  const { instanceId, productId } = await deployFor(h, u, hostname);
  const row = (await instances.get(h.db, instanceId))!;
  const vm = { client: h.ctx.compute!.cluster(row.cluster)!.client, node: row.node!, vmid: row.vmid! };
  return { u, id: row.id, row, vm, productId };
}

/** Deploys a Hong Kong "1 vCPU · 1 GB" instance for a customer with money and waits until it runs. */
export async function deployFor(h: Harness, u: Customer, hostname: string) {
  const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: u.ssid,
    body: deployBody(product.Id, templates[0]!.Id, { Hostnames: [hostname] }),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await waitTask(h, u.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
  return { instanceId: r.body.data.InstanceId, productId: product.Id };
}

/** Posts an action and answers its reply; expect 200 with a task id on success. */
export const act = (h: Harness, u: Customer, path: string, body: object) =>
  call<number>(h, 'POST', `/api/instance/${path}`, { ssid: u.ssid, body });

/** Posts an action, expects it accepted, and waits for its task to end; answers the task's Status. */
export async function done(h: Harness, u: Customer, id: number, path: string, body: object): Promise<number> {
  const r = await act(h, u, path, { Id: id, ...body });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const t = await waitTask(h, u.ssid, { InstanceId: id, TaskId: r.body.data } as DeployResult, 30_000);
  return t.Status;
}

export function expectError(r: Reply, status: number, code: string, fields?: Record<string, string>) {
  expect(r.status, JSON.stringify(r.body)).toBe(status);
  expect(r.body.code).toBe(code);
  if (fields) expect(r.body.fields).toEqual(fields);
}

/**
 * Runs `fn` while the instance has an unfinished task, as when another action is still running:
 * the task is written as a worker would find it, and ended afterwards.
 */
export async function whileBusy(h: Harness, c: { u: Customer; id: number }, fn: () => Promise<void>) {
  const t = await tasks.create(h.db, { instanceId: c.id, userId: c.u.userId, kind: 'start', state: {} });
  try {
    await fn();
  } finally {
    await tasks.finish(h.db, t.id, { status: 2, step: 0 });
  }
}

/** Runs `fn` with the instance in another status, then puts it back to available. */
export async function whileStatus(
  h: Harness,
  id: number,
  status: 'creating' | 'destroyed' | 'recreating' | 'cancelled',
  fn: () => Promise<void>,
) {
  await instances.setStatus(h.db, id, status);
  try {
    await fn();
  } finally {
    await instances.setStatus(h.db, id, 'available');
  }
}
