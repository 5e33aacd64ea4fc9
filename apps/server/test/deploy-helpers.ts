import type { DeployResult, Region } from '@nimbus/contract';
import { expect } from 'vitest';
import { withTx } from '../src/infra/db/pool.js';
import { post } from '../src/domains/users/ledger.js';
import { call } from './api.js';
import type { Harness } from './harness.js';

export { deployBody } from './deploy-body.js';

/** Credits a customer through the ledger, as an operator's adjustment. */
export async function topUp(h: Harness, userId: number, minor: number): Promise<void> {
  await withTx(h.db, (tx) => post(tx, userId, 'adjustment', minor, 'test credit'));
}

/** The catalogue as a customer sees it. */
export async function catalogue(h: Harness, ssid: string): Promise<Region[]> {
  const r = await call<Region[]>(h, 'GET', '/api/deploy/products', { ssid });
  expect(r.status).toBe(200);
  return r.body.data;
}

/** A visible product of a region and group by their names, with its first image's id. */
export async function pick(h: Harness, ssid: string, region: string, group: string, product: string) {
  const regions = await catalogue(h, ssid);
  const p = regions
    .find((r) => r.Name === region)
    ?.Groups.find((g) => g.Name === group)
    ?.Products.find((x) => x.Name === product);
  if (!p) throw new Error(`no product ${region}/${group}/${product}`);
  const templates = await call<{ Id: number; Name: string }[]>(h, 'GET', `/api/product/templates?productId=${p.Id}`, {
    ssid,
  });
  return { product: p, templates: templates.body.data };
}

/** Polls a task the way the deploy page does until it ends; returns its last state. */
export async function waitTask(h: Harness, ssid: string, d: DeployResult, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const r = await call<{ Status: number; Step: number }>(
      h,
      'GET',
      `/api/instance/task/get?id=${d.InstanceId}&taskId=${d.TaskId}`,
      { ssid },
    );
    expect(r.status).toBe(200);
    if (r.body.data.Status >= 2 || Date.now() > until) return r.body.data;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The ledger's entries always add up to the balance. */
export async function expectLedgerBalanced(h: Harness, userId: number): Promise<number> {
  const { rows } = await h.db.query<{ balance: number; sum: number }>(
    `select u.balance, coalesce((select sum(amount) from ledger where user_id = u.id), 0)::bigint as sum
     from users u where u.id = $1`,
    [userId],
  );
  expect(rows[0]!.sum).toBe(rows[0]!.balance);
  return rows[0]!.balance;
}
