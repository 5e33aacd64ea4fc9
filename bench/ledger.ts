// Ledger throughput: balance changes per second through users/ledger.ts `post` (a row lock on the
// customer, the balance update and the append-only entry in one transaction), for one customer whose
// changes all queue on the same row lock and for many customers in parallel, and paying invoices
// from the balance (invoices.payFromBalance: the invoice's lock as well). Every run ends with the
// ledger checked against the balances. A fresh embedded PostgreSQL, pool of 10 as the server's.
// Usage: node --import tsx bench/ledger.ts [operations per run=4000] [concurrency=32]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEmbedded } from '../apps/server/src/infra/db/embedded.js';
import { migrate } from '../apps/server/src/infra/db/migrate.js';
import { createPool, withTx } from '../apps/server/src/infra/db/pool.js';
import { createLogger } from '../apps/server/src/infra/lib/logger.js';
import { invoicedTo, invoices } from '../apps/server/src/domains/billing/invoices.js';
import { post } from '../apps/server/src/domains/users/ledger.js';
import { users, type UserRow } from '../apps/server/src/domains/users/repository.js';

const operations = Number(process.argv[2] ?? 4000);
const concurrency = Number(process.argv[3] ?? 32);
const dir = mkdtempSync(path.join(tmpdir(), 'nimbus-bench-ledger-'));
const pg = await startEmbedded(dir, createLogger('silent'));
const db = createPool(pg.url, { max: 10 });
await migrate(db);

const customers: UserRow[] = [];
for (let i = 0; i < 100; i++)
  customers.push(
    await users.insert(db, { email: `ledger-${i}@example.com`, passwordHash: 'x', currency: 'USD', affCode: `l${i}` }),
  );

/** Runs `count` operations with `concurrency` in flight; latency per operation. */
async function run(name: string, op: (i: number) => Promise<unknown>) {
  const latencies: number[] = [];
  let next = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      for (let i = next++; i < operations; i = next++) {
        const s = performance.now();
        await op(i);
        latencies.push(performance.now() - s);
      }
    }),
  );
  const seconds = (performance.now() - t0) / 1000;
  latencies.sort((a, b) => a - b);
  const q = (p: number) =>
    `${latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))]!.toFixed(2)} ms`;
  console.log(`| ${name} | ${Math.round(operations / seconds)} | ${q(0.5)} | ${q(0.99)} |`);
}

/** Every customer's entries sum to their balance and the last balance_after is the balance. */
async function check() {
  const { rows } = await db.query<{ n: number }>(
    `select count(*)::int as n from users u
       left join (select user_id, sum(amount) as total from ledger group by user_id) l on l.user_id = u.id
      where u.balance <> coalesce(l.total, 0)
         or u.balance <> coalesce((select balance_after from ledger where user_id = u.id order by id desc limit 1), 0)`,
  );
  if (rows[0]!.n !== 0) throw new Error(`${rows[0]!.n} customers' ledgers do not add up`);
}

async function unpaidInvoice(user: UserRow, amount: number): Promise<number> {
  const { rows } = await db.query<{ id: number }>(
    `insert into invoices (user_id, kind, status, amount, currency, invoiced_to, due_date)
     values ($1, 'manual', 'unpaid', $2, 'USD', $3, now()) returning id`,
    [user.id, amount, JSON.stringify(invoicedTo(user))],
  );
  return rows[0]!.id;
}

console.log(`\n${operations} operations per run, ${concurrency} in flight, pool of 10\n`);
console.log('| run | operations/s | p50 | p99 |');
console.log('| --- | --- | --- | --- |');
const hot = customers[0]!;
await run('top-ups, one customer', () => withTx(db, (tx) => post(tx, hot.id, 'topup', 100, 'bench')));
await run('top-ups, 100 customers', (i) => withTx(db, (tx) => post(tx, customers[i % 100]!.id, 'topup', 100, 'bench')));
await run('charges and top-ups mixed, one customer', (i) =>
  withTx(db, (tx) => post(tx, hot.id, i % 2 ? 'charge' : 'topup', i % 2 ? -50 : 50, 'bench')).catch(() => undefined),
);
const hotInvoices: number[] = [];
for (let i = 0; i < operations; i++) hotInvoices.push(await unpaidInvoice(hot, 10));
await run('invoices paid from the balance, one customer', (i) =>
  withTx(db, (tx) => invoices.payFromBalance(tx, hot.id, hotInvoices[i]!)),
);
const manyInvoices: number[] = [];
for (let i = 0; i < operations; i++) manyInvoices.push(await unpaidInvoice(customers[i % 100]!, 1));
await run('invoices paid from the balance, 100 customers', (i) =>
  withTx(db, (tx) => invoices.payFromBalance(tx, customers[i % 100]!.id, manyInvoices[i]!)),
);
await check();
console.log('\nledger checked: every balance equals the sum of its entries');

await db.end();
await pg.stop();
rmSync(dir, { recursive: true, force: true });
