import type { DeployBody, DeployResult, PriceBody, PriceResult } from '@nimbus/contract';
import type { z } from 'zod';
import { withTx, type Queryable } from '../../infra/db/pool.js';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { idempotent } from '../../infra/lib/idempotency.js';
import { catalog, type ProductPlacement } from '../catalog/index.js';
import type { ClusterHandle } from '../../infra/compute/compute.js';
import { instances, allocateAddress, freeAddresses, type DeployState } from '../instances/index.js';
import { quote, promotions } from '../promotions/index.js';
import { TASK_QUEUE } from '../../infra/tasks/runner.js';
import { tasks } from '../../infra/tasks/repository.js';
import { post, users, line } from '../users/index.js';
import { invoices } from '../billing/index.js';
import { sshKeys } from '../keys/index.js';

/**
 * A product customers may buy: it exists and is not hidden (an Ord value hides it,
 * docs/product/deploy.md#catalogue).
 */
async function productForSale(db: Queryable, id: number, opts: { lock?: boolean } = {}): Promise<ProductPlacement> {
  const product = await catalog.product(db, id, opts);
  if (!product || product.ord !== null) throw new AppError('get_product_error', 404);
  return product;
}

/**
 * api/deploy/price (docs/product/deploy.md#promotion-codes): the server's discounted price for a
 * product, cycle and promotion code.
 */
export async function price(ctx: Context, userId: number, body: z.output<typeof PriceBody>): Promise<PriceResult> {
  const product = await productForSale(ctx.db, body.ProductId);
  const q = await quote(ctx.db, product, {
    cycle: body.Cycle,
    code: body.PromotionCode,
    userId,
    currency: ctx.config.CURRENCY,
  });
  return q.Price;
}

/** The region's cluster with the most free addresses, and the image's template on it; none → out_of_stock. */
async function placeOn(ctx: Context, product: ProductPlacement, imageCode: string): Promise<ClusterHandle> {
  const region = ctx.compute?.region(product.region_code);
  const clusters = region?.clusters.filter((c) => c.config.templates[imageCode] !== undefined) ?? [];
  if (!clusters.length) throw new AppError('get_product_error', 404);
  let best: { cluster: ClusterHandle; free: number } | null = null;
  for (const cluster of clusters) {
    const free = await freeAddresses(ctx.db, clusterKey(cluster), cluster.config.ipPools);
    if (free > 0 && (!best || free > best.free)) best = { cluster, free };
  }
  if (!best) throw new AppError('out_of_stock', 409);
  return best.cluster;
}

export const clusterKey = (c: ClusterHandle) => `${c.regionId}/${c.config.name}`;

/**
 * api/deploy (docs/product/deploy.md#checkout-post-apideploy): validates, prices on the server, and
 * in one transaction charges the balance through the ledger, records the paid invoice, creates the
 * instance with its address and enqueues its provisioning task. Money moves exactly once, also
 * under an Idempotency-Key retry.
 */
export async function deploy(
  ctx: Context,
  userId: number,
  body: z.output<typeof DeployBody>,
  idempotencyKey: string | undefined,
): Promise<DeployResult> {
  const jobs = ctx.jobs;
  if (!jobs) throw new Error('deploy needs the job queue');
  const product = await productForSale(ctx.db, body.ProductId);
  const images = await catalog.images(ctx.db, product.id);
  const image = images.find((m) => m.id === body.UserData.TemplateId);
  if (!image) throw new AppError('parse_data_error', 400, { 'UserData.TemplateId': 'invalid_value' });
  const keys = await sshKeys.publicKeys(ctx.db, userId, body.UserData.SSHKeyIds);
  const cluster = await placeOn(ctx, product, image.code);
  const result = await withTx(ctx.db, (tx) =>
    idempotent(tx, { userId, route: 'deploy', key: idempotencyKey, body }, async () => {
      const user = await users.byId(tx, userId);
      if (!user) throw new AppError('invalid_session', 401);
      const currency = ctx.config.CURRENCY;
      if (user.currency.trim() !== currency) throw new AppError('invalid_option', 409);
      const q = await quote(tx, product, { cycle: body.Cycle, code: body.PromotionCode, userId, currency, lock: true });
      if (!(await catalog.takeStock(tx, product.id))) throw new AppError('out_of_stock', 409);
      const instance = await instances.create(tx, {
        userId,
        productId: product.id,
        imageId: image.id,
        regionId: product.region_id,
        cluster: clusterKey(cluster),
        hostname: body.Hostnames[0],
        username: body.UserData.Username,
        cycle: q.cycleKey,
        months: q.months,
        price: q.OriginalPrice,
        currency,
        autoRenew: true,
      });
      const address = await allocateAddress(tx, clusterKey(cluster), cluster.config.ipPools, instance.id);
      if (!address) throw new AppError('out_of_stock', 409);
      await instances.setAddress(tx, instance.id, address);
      await post(
        tx,
        userId,
        'charge',
        -q.Price,
        line('deploy_charge', { hostname: instance.hostname, instance: instance.id }),
      );
      await invoices.createPaid(tx, { user, instance, product, quote: q });
      if (q.promotion) await promotions.addUse(tx, q.promotion.id, userId, instance.id);
      const state: DeployState = {
        image: image.code,
        cores: product.cores,
        memoryMb: product.memory_mb,
        diskGb: product.disk_gb,
        password: body.UserData.Password || undefined,
        sshKeys: keys,
        nameservers: address.nameservers,
        charged: q.Price,
        start: body.UserData.Start,
      };
      const task = await tasks.create(tx, { instanceId: instance.id, userId, kind: 'deploy', state });
      await jobs.send(tx, TASK_QUEUE, { taskId: task.id });
      return { InstanceId: instance.id, TaskId: task.id };
    }),
  );
  jobs.wake(TASK_QUEUE);
  return result;
}
