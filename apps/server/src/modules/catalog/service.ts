import type { Product, Region, Template } from '@nimbus/contract';
import type { Context } from '../../lib/context.js';
import { AppError } from '../../lib/errors.js';
import { catalog, type ProductRow } from './repository.js';

export function toProduct(p: ProductRow, currency: string): Product {
  return {
    Id: p.id,
    Name: p.name,
    Description: p.description,
    Ord: p.ord,
    Price: p.prices,
    Currency: currency,
    Cores: p.cores,
    Memory: p.memory_mb,
    Disk: p.disk_gb,
    Bandwidth: p.bandwidth_gb,
    BackupQuota: p.backup_quota,
    SnapshotQuota: p.snapshot_quota,
    Stock: p.stock,
  };
}

/** SPEC §7 api/deploy/products: every region with its groups (types) and their products (sizes). */
export async function listCatalog(ctx: Context): Promise<Region[]> {
  const [regions, groups, products] = await Promise.all([
    catalog.regions(ctx.db),
    catalog.groups(ctx.db),
    catalog.products(ctx.db),
  ]);
  return regions.map((r) => ({
    Id: r.id,
    Name: r.name,
    Description: r.description,
    CountryCode: r.country_code,
    Groups: groups
      .filter((g) => g.region_id === r.id)
      .map((g) => ({
        Id: g.id,
        Name: g.name,
        Description: g.description,
        Products: products.filter((p) => p.group_id === g.id).map((p) => toProduct(p, ctx.config.CURRENCY)),
      })),
  }));
}

/** SPEC §7 api/product/templates: the images a product can be deployed with. */
export async function productTemplates(ctx: Context, productId: number): Promise<Template[]> {
  const product = await catalog.product(ctx.db, productId);
  if (!product) throw new AppError('get_product_error', 404);
  const images = await catalog.images(ctx.db, productId);
  return images.map((m) => ({ Id: m.id, Name: m.name, Distribution: m.distribution }));
}
