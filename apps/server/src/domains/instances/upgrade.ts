import { cycleByKey, type Locale, type UpgradeOption } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { clock } from '../../infra/lib/clock.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError, instanceNotFound } from '../../infra/lib/errors.js';
import { invoices } from '../billing/index.js';
import { line, post, users } from '../users/index.js';
import { catalog, type ProductRow, nameOf, textsIn } from '../catalog/index.js';
import { renewals } from '../renewals/index.js';
import { startAction } from './actions.js';
import { liveInstance } from './power.js';
import { instances, type InstanceRow } from './repository.js';
import type { UpgradeState } from './upgrade-task.js';

/**
 * How many billing cycles the instance has until its due date: the share of the current cycle that
 * remains, plus every whole cycle already paid beyond it (a renewal paid before the upgrade). The
 * larger size is owed for all of them.
 */
export function cyclesLeft(instance: Pick<InstanceRow, 'cycle' | 'due_at'>, now: Date): number {
  const months = cycleByKey(instance.cycle)?.months ?? 1;
  let end = new Date(instance.due_at);
  let cycles = 0;
  while (end.getTime() > now.getTime()) {
    const start = new Date(end);
    start.setUTCMonth(start.getUTCMonth() - months);
    if (start.getTime() <= now.getTime()) {
      return cycles + (end.getTime() - now.getTime()) / (end.getTime() - start.getTime());
    }
    cycles += 1;
    end = start;
  }
  return cycles;
}

/**
 * What an upgrade costs now: (new − old) × the cycles left until the due date, rounded to the
 * nearest minor unit. A renewal still unpaid is not counted here: the upgrade re-prices it.
 */
export function prorate(instance: InstanceRow, newPrice: number, now = clock.now()): number {
  return Math.max(0, Math.round((newPrice - instance.price) * cyclesLeft(instance, now)));
}

/** Whether `p` is a larger size than `cur`: every resource at least as large, one of them larger. */
function larger(p: ProductRow, cur: ProductRow): boolean {
  const ge =
    p.cores >= cur.cores &&
    p.memory_mb >= cur.memory_mb &&
    p.disk_gb >= cur.disk_gb &&
    p.bandwidth_gb >= cur.bandwidth_gb;
  return ge && (p.cores > cur.cores || p.memory_mb > cur.memory_mb || p.disk_gb > cur.disk_gb);
}

/**
 * The sizes an instance may grow to: same type, on sale, priced for its cycle, larger. Nothing
 * smaller is ever offered, so no upgrade can refund more than was paid.
 */
async function candidates(db: Queryable, instance: InstanceRow): Promise<{ current: ProductRow; list: ProductRow[] }> {
  const current = await catalog.product(db, instance.product_id);
  if (!current) throw new AppError('get_product_error', 404);
  const list = (await catalog.siblings(db, current)).filter(
    (p) => p.prices[instance.cycle as keyof typeof p.prices] !== undefined && larger(p, current),
  );
  return { current, list };
}

const priceOf = (p: ProductRow, instance: InstanceRow) => p.prices[instance.cycle as keyof typeof p.prices]!;

/** GET api/instance/upgrades: each larger size with its renewal price and the prorated charge now. */
export async function upgradeOptions(
  ctx: Context,
  userId: number,
  id: number,
  locale: Locale,
): Promise<UpgradeOption[]> {
  const instance = await instances.owned(ctx.db, userId, id);
  if (!instance) throw instanceNotFound();
  if (!['available', 'paused'].includes(instance.status)) return [];
  const { list } = await candidates(ctx.db, instance);
  const now = clock.now();
  return list.map((p) => ({
    ProductId: p.id,
    ...textsIn(p, locale),
    Cores: p.cores,
    Memory: p.memory_mb,
    Disk: p.disk_gb,
    Bandwidth: p.bandwidth_gb,
    RenewPrice: priceOf(p, instance),
    Charge: prorate(instance, priceOf(p, instance), now),
    Currency: instance.currency.trim(),
  }));
}

/**
 * POST api/instance/upgrade: in one transaction takes the new size's stock, charges the prorated
 * difference through the ledger (`balance_not_enough` when short), records the paid 'upgrade'
 * invoice, re-prices the unpaid renewal invoice (the next period is the larger size's) and starts
 * the resize task. The renewal invoices are locked before the instance, as a payment takes them.
 */
export async function startUpgrade(ctx: Context, userId: number, id: number, productId: number): Promise<number> {
  await liveInstance(ctx, userId, id);
  return startAction<UpgradeState>(ctx, {
    userId,
    instanceId: id,
    kind: 'upgrade',
    lockFirst: (tx) => renewals.lockUnpaid(tx, id, userId),
    prepare: async (tx, instance) => {
      const { current, list } = await candidates(tx, instance);
      const target = list.find((p) => p.id === productId);
      if (!target) throw new AppError('parse_data_error', 400, { ProductId: 'invalid_value' });
      if (!(await catalog.takeStock(tx, target.id))) throw new AppError('out_of_stock', 409);
      const price = priceOf(target, instance);
      const charge = prorate(instance, price);
      if (charge > 0)
        await post(
          tx,
          userId,
          'charge',
          -charge,
          line('upgrade_charge', { hostname: instance.hostname, product: nameOf(target), instance: instance.id }),
        );
      const user = (await users.byId(tx, userId))!;
      const invoice = await invoices.createUpgrade(tx, { user, instance, from: current, to: target, charge });
      const repriced: UpgradeState['repriced'] = [];
      for (const open of await renewals.lockUnpaid(tx, instance.id)) {
        if (await renewals.reprice(tx, open.id, instance.id, target.id, price)) repriced.push(open);
      }
      return {
        productId: target.id,
        oldProductId: current.id,
        price,
        cores: target.cores,
        memoryMb: target.memory_mb,
        diskGb: target.disk_gb,
        old: { cores: current.cores, memoryMb: current.memory_mb },
        charged: charge,
        invoiceId: invoice.id,
        repriced,
      };
    },
  });
}
