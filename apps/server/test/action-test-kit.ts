import type { DeployResult, TaskResult } from '@nimbus/contract';
import { expect } from 'vitest';
import { call, signUp } from './api.js';
import { deployBody, pick, topUp, waitTask } from './deploy-helpers.js';
import type { Harness } from './harness.js';
import { instances, type InstanceRow } from '../src/domains/instances/repository.js';

// Shared steps of the lifecycle action tests (not a test file itself).

export type Customer = Awaited<ReturnType<typeof signUp>>;

export async function customer(h: Harness, balance = 10_000): Promise<Customer> {
  const u = await signUp(h);
  if (balance) await topUp(h, u.userId, balance);
  return u;
}

/** Deploys a Tokyo "1 vCPU · 1 GB" instance for real and waits until it runs. */
export async function deployed(
  h: Harness,
  u: Customer,
  over: Record<string, unknown> = {},
): Promise<{ id: number; row: InstanceRow; templates: { Id: number; Name: string }[] }> {
  const { product, templates } = await pick(h, u.ssid, 'Tokyo', 'Standard', '1 vCPU · 1 GB');
  const r = await call<DeployResult>(h, 'POST', '/api/deploy', {
    ssid: u.ssid,
    body: deployBody(product.Id, templates[0]!.Id, over),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(await waitTask(h, u.ssid, r.body.data)).toEqual({ Status: 2, Step: 4 });
  const id = r.body.data.InstanceId;
  return { id, row: (await instances.get(h.db, id))!, templates };
}

export const act = (h: Harness, u: Customer, action: string, body: object) =>
  call<number>(h, 'POST', `/api/instance/${action}`, { ssid: u.ssid, body });

/** Posts an action, expects its task id and waits for the task to end. */
export async function done(
  h: Harness,
  u: Customer,
  action: string,
  body: { Id: number } & Record<string, unknown>,
): Promise<TaskResult> {
  const r = await act(h, u, action, body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  expect(typeof r.body.data).toBe('number');
  return waitTask(h, u.ssid, { InstanceId: body.Id, TaskId: r.body.data }, 30_000);
}

export const vmOf = (h: Harness, row: InstanceRow) => h.emulators.get('jp')!.vm(row.vmid!)!;
export const rowOf = async (h: Harness, id: number) => (await instances.get(h.db, id))!;
