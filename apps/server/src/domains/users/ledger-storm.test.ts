import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from '../../../test/api.js';
import { deployBody, expectLedgerBalanced, pick, topUp } from '../../../test/deploy-helpers.js';
import { startHarness, type Harness } from '../../../test/harness.js';
import { withTx, type Tx } from '../../infra/db/pool.js';
import { unpaidInvoice } from '../../../test/payment-helpers.js';

// One customer firing money requests in parallel, over real HTTP: rows that reference the
// customer's `users` row (idempotency keys, instances, invoices) hold a foreign-key share lock on
// it, so the ledger's lock on the balance must not conflict with that lock, or the requests
// deadlock each other and answer 500.
let h: Harness;
let base: string;
beforeAll(async () => {
  h = await startHarness({ RATE_LIMIT_PER_MINUTE: '10000' }, { compute: {} });
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${(h.app.server.address() as { port: number }).port}`;
});
afterAll(() => h.close());

async function send(method: 'GET' | 'POST', path: string, ssid: string, body?: unknown) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ssid,
      ...(body === undefined ? {} : { 'content-type': 'application/json', 'idempotency-key': randomUUID() }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: res.status,
    retryAfter: res.headers.get('retry-after'),
    body: (await res.json()) as { code?: string; data: unknown },
  };
}

const count = (codes: string[]) =>
  codes.reduce<Record<string, number>>((acc, c) => ({ ...acc, [c]: (acc[c] ?? 0) + 1 }), {});

describe('parallel money requests of one customer', () => {
  it('30 parallel deploys with a balance for 3 give 3 instances and 27 balance_not_enough', async () => {
    const u = await signUp(h);
    const other = await signUp(h);
    const { product, templates } = await pick(h, u.ssid, 'Hong Kong', 'Standard', '1 vCPU · 1 GB');
    // The Hong Kong 1 vCPU plan costs 5.00 a month (the default catalogue).
    await topUp(h, u.userId, 1500);
    const body = deployBody(product.Id, templates[0]!.Id);
    const storm = Promise.all(Array.from({ length: 30 }, () => send('POST', '/api/deploy', u.ssid, body)));
    // Another customer's read is answered while the storm runs.
    const read = await send('GET', '/api/balance/transactions', other.ssid);
    const results = await storm;
    expect(read.status).toBe(200);
    expect(count(results.map((r) => `${r.status} ${r.body.code ?? 'ok'}`))).toEqual({
      '200 ok': 3,
      '409 balance_not_enough': 27,
    });
    const { rows } = await h.db.query('select count(*)::int as n from instances where user_id = $1', [u.userId]);
    expect(rows[0].n).toBe(3);
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  }, 60_000);

  it('5 parallel pays of different invoices with a zero balance all answer balance_not_enough', async () => {
    const u = await signUp(h);
    const bills = [];
    for (let i = 0; i < 5; i++) bills.push(await unpaidInvoice(h, u.userId, 100 + i));
    const results = await Promise.all(
      bills.map((b) => send('POST', '/api/invoice/pay', u.ssid, { Id: b.id, Method: 'balance' })),
    );
    expect(results.map((r) => `${r.status} ${r.body.code}`)).toEqual(Array(5).fill('409 balance_not_enough'));
    expect(await expectLedgerBalanced(h, u.userId)).toBe(0);
  });

  it('runs again a transaction PostgreSQL aborted as a deadlock', async () => {
    // Two transactions lock two users' rows in opposite orders, each waiting until the other holds
    // its first lock: PostgreSQL aborts one of them (40P01), which withTx runs again.
    const [a, b] = [await signUp(h), await signUp(h)];
    let holding = 0;
    const bothHold = async () => {
      holding++;
      while (holding < 2) await new Promise((resolve) => setTimeout(resolve, 5));
    };
    let runs = 0;
    const cross = (first: number, second: number) => (tx: Tx) =>
      (async () => {
        runs++;
        await tx.query('select 1 from users where id = $1 for no key update', [first]);
        await bothHold();
        await tx.query('select 1 from users where id = $1 for no key update', [second]);
        return 'done';
      })();
    const results = await Promise.all([
      withTx(h.db, cross(a.userId, b.userId)),
      withTx(h.db, cross(b.userId, a.userId)),
    ]);
    expect(results).toEqual(['done', 'done']);
    expect(runs).toBe(3);
  });

  it('answers 503 db_connect_error with Retry-After while no database connection is free', async () => {
    const u = await signUp(h);
    const held = await Promise.all(Array.from({ length: 10 }, () => h.db.connect()));
    try {
      const r = await send('GET', '/api/balance/transactions', u.ssid);
      expect([r.status, r.body.code]).toEqual([503, 'db_connect_error']);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    } finally {
      for (const c of held) c.release();
    }
    expect((await send('GET', '/api/balance/transactions', u.ssid)).status).toBe(200);
  }, 30_000);
});
