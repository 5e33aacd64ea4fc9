import { pickText, type Locale, type LocalText, type Product, type Region, type Template } from '@nimbus/contract';
import type { Context } from '../../infra/lib/context.js';
import { AppError } from '../../infra/lib/errors.js';
import { catalog, type CatalogTexts, type ProductRow } from './repository.js';

/** An entry's name in both languages, as a line keeps it. */
export const nameOf = (e: Pick<CatalogTexts, 'name' | 'name_zh'>): LocalText => ({ en_US: e.name, zh_CN: e.name_zh });

/** An entry's name and description in the reader's language, else the other one. */
export const textsIn = (e: CatalogTexts, locale: Locale) => ({
  Name: pickText({ en_US: e.name, zh_CN: e.name_zh }, locale),
  Description: pickText({ en_US: e.description, zh_CN: e.description_zh }, locale),
});

export function toProduct(p: ProductRow, currency: string, locale: Locale): Product {
  return {
    Id: p.id,
    ...textsIn(p, locale),
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

/**
 * api/deploy/products (docs/product/deploy.md#catalogue): every region with its groups (types) and
 * their products (sizes).
 */
export async function listCatalog(ctx: Context, locale: Locale): Promise<Region[]> {
  const [regions, groups, products] = await Promise.all([
    catalog.regions(ctx.db),
    catalog.groups(ctx.db),
    catalog.products(ctx.db),
  ]);
  return regions.map((r) => ({
    Id: r.id,
    ...textsIn(r, locale),
    CountryCode: r.country_code,
    Groups: groups
      .filter((g) => g.region_id === r.id)
      .map((g) => ({
        Id: g.id,
        ...textsIn(g, locale),
        Products: products.filter((p) => p.group_id === g.id).map((p) => toProduct(p, ctx.config.CURRENCY, locale)),
      })),
  }));
}

/** api/product/templates (docs/product/deploy.md#catalogue): the images a product can be deployed with. */
export async function productTemplates(ctx: Context, productId: number, locale: Locale): Promise<Template[]> {
  const product = await catalog.product(ctx.db, productId);
  if (!product) throw new AppError('get_product_error', 404);
  const images = await catalog.images(ctx.db, productId);
  return images.map((m) => ({
    Id: m.id,
    Name: pickText({ en_US: m.name, zh_CN: m.name_zh }, locale),
    Distribution: m.distribution,
  }));
}
