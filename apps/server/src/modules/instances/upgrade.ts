import { cycleByKey, type Locale, type UpgradeOption } from '@nimbus/contract';
import type { Queryable, Tx } from '../../db/pool.js';
import type { Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { invoicedTo, invoices, type InvoiceRow } from '../billing/invoices.js';
import { invoiceEvents } from '../billing/events.js';
import { billing } from '../billing/repository.js';
import { catalog, type ProductRow } from '../catalog/repository.js';
import { nameOf, textsIn } from '../catalog/service.js';
import { attempt } from '../tasks/steps.js';
import { post } from '../users/ledger.js';
import { users } from '../users/repository.js';
import { startAction } from './actions.js';
import { durable, powerState, sendOnce, type BaseState } from './durable.js';
import { liveInstance } from './power.js';
import { instances, type InstanceRow } from './repository.js';
import { line } from '../billing/lines.js';

/**
 * The part of the price difference still owed this cycle: (new − old) × the share of the current
 * cycle that remains, rounded to the nearest minor unit. The cycle started `months` before `due_at`.
 */
export function prorate(instance: InstanceRow, newPrice: number, now = new Date()): number {
  const months = cycleByKey(instance.cycle)?.months ?? 1;
  const end = instance.due_at.getTime();
  const start = new Date(instance.due_at);
  start.setUTCMonth(start.getUTCMonth() - months);
  const share = Math.min(1, Math.max(0, (end - now.getTime()) / (end - start.getTime())));
  return Math.max(0, Math.round((newPrice - instance.price) * share));
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

/** The sizes an instance may grow to: same type, on sale, priced for its cycle, larger. */
async function candidates(db: Queryable, instance: InstanceRow): Promise<{ current: ProductRow; list: ProductRow[] }> {
  const current = await catalog.product(db, instance.product_id);
  if (!current) throw new AppError('get_product_error', 404);
  const { rows } = await db.query<ProductRow>(
    'select * from products where group_id = $1 and id <> $2 and ord is null order by sort, id',
    [current.group_id, current.id],
  );
  const list = rows.filter(
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
  if (!instance) throw new AppError('db_no_record', 404);
  if (!['available', 'paused'].includes(instance.status)) return [];
  const { list } = await candidates(ctx.db, instance);
  const now = new Date();
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

interface UpgradeState extends BaseState {
  productId: number;
  oldProductId: number;
  price: number;
  cores: number;
  memoryMb: number;
  diskGb: number;
  old: { cores: number; memoryMb: number };
  charged: number;
  invoiceId: number;
  rebootUpid?: string;
}

/**
 * POST api/instance/upgrade: in one transaction takes the new size's stock, charges the prorated
 * difference through the ledger (`balance_not_enough` when short), records the paid 'upgrade'
 * invoice and starts the resize task.
 */
export async function startUpgrade(ctx: Context, userId: number, id: number, productId: number): Promise<number> {
  await liveInstance(ctx, userId, id);
  return startAction<UpgradeState>(ctx, {
    userId,
    instanceId: id,
    kind: 'upgrade',
    prepare: async (tx, instance) => {
      const { current, list } = await candidates(tx, instance);
      const target = list.find((p) => p.id === productId);
      if (!target) throw new AppError('parse_data_error', 400, { ProductId: 'invalid_value' });
      if (!(await catalog.takeStock(tx, target.id))) throw new AppError('out_of_stock', 409);
      const charge = prorate(instance, priceOf(target, instance));
      if (charge > 0)
        await post(
          tx,
          userId,
          'charge',
          -charge,
          line('upgrade_charge', { hostname: instance.hostname, product: nameOf(target), instance: instance.id }),
        );
      const invoiceId = await upgradeInvoice(tx, instance, current, target, charge);
      return {
        productId: target.id,
        oldProductId: current.id,
        price: priceOf(target, instance),
        cores: target.cores,
        memoryMb: target.memory_mb,
        diskGb: target.disk_gb,
        old: { cores: current.cores, memoryMb: current.memory_mb },
        charged: charge,
        invoiceId,
      };
    },
  });
}

/** The paid invoice of an upgrade, for the rest of the current period. */
async function upgradeInvoice(
  tx: Tx,
  instance: InstanceRow,
  from: ProductRow,
  to: ProductRow,
  charge: number,
): Promise<number> {
  const user = (await users.byId(tx, instance.user_id))!;
  const { rows } = await tx.query<InvoiceRow>(
    `insert into invoices (user_id, instance_id, kind, status, amount, currency, cycle, invoiced_to, due_date,
       paid_at, period_start, period_end)
     values ($1, $2, 'upgrade', 'paid', $3, $4, $5, $6, now(), now(), now(), $7) returning *`,
    [
      user.id,
      instance.id,
      charge,
      instance.currency,
      instance.cycle,
      JSON.stringify(invoicedTo(user)),
      instance.due_at,
    ],
  );
  const invoiceId = rows[0]!.id;
  const item = line('upgrade', { from: nameOf(from), to: nameOf(to), hostname: instance.hostname });
  await billing.addItem(tx, invoiceId, item, charge);
  await invoiceEvents.paid(tx, rows[0]!);
  return invoiceId;
}

/**
 * Resizes the VM: cores and memory (pending until a reboot when the VM runs and cannot hotplug
 * them; the task then reboots it), then grows the disk (never shrinks). Success moves the instance
 * to the new product and renewal price. Failure puts cores and memory back where possible,
 * refunds the charge, cancels the invoice and returns the stock; a disk already grown stays grown.
 */
export function upgradeHandler(ctx: Context) {
  return durable<UpgradeState>(
    ctx,
    async (run) => {
      const { client, node, vmid } = run.vm;
      const s = run.state;
      if (run.task.step <= 1) {
        await run.save({}, 1);
        await attempt(run.signal, async () => {
          await client.qemu.updateConfig(node, vmid, { cores: s.cores, memory: s.memoryMb });
          const disk = (await client.qemu.config(node, vmid)).values.scsi0 ?? '';
          const size = Number(/size=(\d+)G/.exec(disk)?.[1] ?? 0);
          if (size < s.diskGb) await client.qemu.resize(node, vmid, 'scsi0', `${s.diskGb}G`);
        });
        await run.save({}, 2);
      }
      const st = await client.qemu.status(node, vmid, run.signal);
      const live = (await client.qemu.config(node, vmid, { current: true })).values;
      const pending = Number(live.cores) !== s.cores || Number(live.memory) !== s.memoryMb;
      if (s.rebootUpid || (pending && powerState(st) === 'running')) {
        await sendOnce(run, 'rebootUpid', (opts) => client.qemu.power(node, vmid, 'reboot', {}, opts));
      }
      await run.succeed(3, async (tx) => {
        await tx.query('update instances set product_id = $2, price = $3, updated_at = now() where id = $1', [
          run.instance.id,
          s.productId,
          s.price,
        ]);
        await catalog.returnStock(tx, s.oldProductId);
      });
    },
    async (run, tx) => {
      const s = run.state;
      const { client, node, vmid } = run.vm;
      await client.qemu
        .updateConfig(node, vmid, { cores: s.old.cores, memory: s.old.memoryMb })
        .catch((err: unknown) => {
          ctx.log.warn({ err, instance: run.instance.id }, 'could not put the old size back after a failed upgrade');
        });
      // Refunded only with the invoice's cancellation: an operator may have refunded it already.
      if ((await invoices.cancelPaid(tx, s.invoiceId)) && s.charged > 0) {
        await post(
          tx,
          run.instance.user_id,
          'refund',
          s.charged,
          line('upgrade_refund', { hostname: run.instance.hostname, instance: run.instance.id }),
        );
      }
      await catalog.returnStock(tx, s.productId);
    },
  );
}
