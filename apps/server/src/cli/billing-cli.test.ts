import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase } from '../../test/harness.js';
import { admin } from '../../test/processes.js';
import { createPool, withTx, type Db } from '../infra/db/pool.js';
import { invoices } from '../domains/billing/invoices.js';
import { payments } from '../domains/payments/repository.js';

let env: Record<string, string>;
let db: Db;
beforeAll(async () => {
  env = { DATABASE_URL: await freshDatabase() };
  const created = await admin(
    [
      'user:create',
      '--email',
      'ada@example.com',
      '--password',
      'analytical!',
      '--balance',
      '50',
      '--first-name',
      'Ada',
    ],
    env,
  );
  expect(created.stderr).toBe('');
  db = createPool(env.DATABASE_URL!, { max: 2 });
});
afterAll(async () => {
  await db.end();
  await dropDatabase(env.DATABASE_URL!);
});

const ledgerOf = async () =>
  (
    await db.query<{ balance: number; sum: number }>(
      `select u.balance, (select coalesce(sum(amount), 0)::bigint from ledger where user_id = u.id) as sum
       from users u where email = 'ada@example.com'`,
    )
  ).rows[0]!;

describe('billing commands of the admin CLI', () => {
  it('writes a manual invoice, lists and shows it, and refunds it through the ledger once paid', async () => {
    const created = await admin(
      [
        'invoice:create',
        '--email',
        'ada@example.com',
        '--amount',
        '12.50',
        '--description',
        'Setup fee',
        '--due-days',
        '3',
      ],
      env,
    );
    expect(created.stderr).toBe('');
    const id = Number(/created invoice #(\d+) for ada@example.com: 12.50 USD/.exec(created.stdout)?.[1]);
    expect(id).toBeGreaterThan(0);
    const list = await admin(['invoice:list', '--email', 'ada@example.com', '--status', 'unpaid'], env);
    expect(list.stdout).toContain(`${id}\tada@example.com\tmanual\tunpaid\t12.50 USD`);
    const shown = await admin(['invoice:show', '--id', String(id)], env);
    expect(shown.stdout).toMatch(/invoice #\d+ \(manual\) unpaid\nto: Ada, ada@example.com/);
    expect(shown.stdout).toContain('  Setup fee\t12.50 USD\ntotal: 12.50 USD');

    const userId = (await db.query<{ id: number }>("select id from users where email = 'ada@example.com'")).rows[0]!.id;
    await withTx(db, (tx) => invoices.payFromBalance(tx, userId, id));
    expect(await ledgerOf()).toEqual({ balance: 3750, sum: 3750 });

    const refused = await admin(['invoice:cancel', '--id', String(id)], env);
    expect([refused.code, refused.stderr.trim()]).toEqual([
      1,
      'error: invoice is paid: add --refund to refund and cancel it',
    ]);
    const refunded = await admin(['invoice:cancel', '--id', String(id), '--refund'], env);
    expect(refunded.stdout.trim()).toBe(`invoice #${id} cancelled, 12.50 USD refunded to the balance`);
    expect(await ledgerOf()).toEqual({ balance: 5000, sum: 5000 });
    const again = await admin(['invoice:cancel', '--id', String(id), '--refund'], env);
    expect([again.code, again.stderr]).toEqual([1, expect.stringMatching(/cannot do that in its current state/)]);
    expect(await ledgerOf()).toEqual({ balance: 5000, sum: 5000 });
  });

  it('cancels an unpaid invoice and lists payments', async () => {
    const created = await admin(
      ['invoice:create', '--email', 'ada@example.com', '--amount', '3', '--description', 'Extra IP'],
      env,
    );
    const id = /#(\d+)/.exec(created.stdout)![1]!;
    expect((await admin(['invoice:cancel', '--id', id], env)).stdout.trim()).toBe(`invoice #${id} cancelled`);
    expect((await admin(['invoice:list', '--status', 'cancelled'], env)).stdout).toContain(
      `${id}\tada@example.com\tmanual\tcancelled`,
    );

    const userId = (await db.query<{ id: number }>("select id from users where email = 'ada@example.com'")).rows[0]!.id;
    const p = await payments.insert(db, {
      userId,
      method: 'sandbox',
      purpose: 'topup',
      invoiceId: null,
      amount: 2000,
      currency: 'USD',
    });
    const listed = await admin(['payment:list', '--email', 'ada@example.com', '--status', 'pending'], env);
    expect(listed.stdout).toContain(`${p.id}\tada@example.com\tsandbox\ttopup\tpending\t20.00 USD`);
    const bad = await admin(['payment:list', '--status', 'lost'], env);
    expect([bad.code, bad.stderr.trim()]).toEqual([
      1,
      'error: --status must be one of pending, succeeded, failed, cancelled, expired',
    ]);
  });
});
