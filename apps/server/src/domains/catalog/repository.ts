import { PriceMap } from '@nimbus/contract';
import type { Queryable } from '../../infra/db/pool.js';
import { parseConfig } from '../../infra/lib/stored-config.js';

/** A product row whose stored prices (jsonb) are checked on the way out (parse_config_error). */
const checked = <R extends { prices: PriceMap }>(row: R): R => ({ ...row, prices: parseConfig(PriceMap, row.prices) });

/** A catalogue entry's texts: English in `name`/`description`, Chinese in the *_zh columns ('' = not written). */
export interface CatalogTexts {
  name: string;
  name_zh: string;
  description: string;
  description_zh: string;
}
export interface RegionRow extends CatalogTexts {
  id: number;
  code: string;
  country_code: string;
}
export interface GroupRow extends CatalogTexts {
  id: number;
  region_id: number;
}
export interface ProductRow extends CatalogTexts {
  id: number;
  group_id: number;
  code: string;
  ord: number | null;
  cores: number;
  memory_mb: number;
  disk_gb: number;
  bandwidth_gb: number;
  backup_quota: number;
  snapshot_quota: number;
  stock: number | null;
  prices: PriceMap;
}
/** A product with where it is sold. */
export interface ProductPlacement extends ProductRow {
  region_id: number;
  region_code: string;
  region_name: string;
  region_name_zh: string;
  group_name: string;
  group_name_zh: string;
}
export interface ImageRow {
  id: number;
  code: string;
  name: string;
  name_zh: string;
  distribution: string;
}

export const catalog = {
  async regions(db: Queryable): Promise<RegionRow[]> {
    return (await db.query<RegionRow>('select * from regions order by sort, id')).rows;
  },
  async groups(db: Queryable): Promise<GroupRow[]> {
    return (await db.query<GroupRow>('select * from product_groups order by sort, id')).rows;
  },
  async products(db: Queryable): Promise<ProductRow[]> {
    return (await db.query<ProductRow>('select * from products order by sort, id')).rows.map(checked);
  },
  /** The other products of a group that are on sale (no Ord), in catalogue order. */
  async siblings(db: Queryable, product: ProductRow): Promise<ProductRow[]> {
    const { rows } = await db.query<ProductRow>(
      'select * from products where group_id = $1 and id <> $2 and ord is null order by sort, id',
      [product.group_id, product.id],
    );
    return rows.map(checked);
  },
  async isEmpty(db: Queryable): Promise<boolean> {
    return (await db.query('select 1 from regions limit 1')).rowCount === 0;
  },
  /** The product with its group and region; `lock` takes its row lock (stock changes). */
  async product(db: Queryable, id: number, opts: { lock?: boolean } = {}): Promise<ProductPlacement | null> {
    const { rows } = await db.query<ProductPlacement>(
      `select p.*, g.name as group_name, g.name_zh as group_name_zh, r.id as region_id, r.code as region_code,
         r.name as region_name, r.name_zh as region_name_zh
       from products p join product_groups g on g.id = p.group_id join regions r on r.id = g.region_id
       where p.id = $1 ${opts.lock ? 'for update of p' : ''}`,
      [id],
    );
    return rows[0] ? checked(rows[0]) : null;
  },
  async images(db: Queryable, productId: number): Promise<ImageRow[]> {
    const { rows } = await db.query<ImageRow>(
      `select m.id, m.code, m.name, m.name_zh, m.distribution from product_images pi join images m on m.id = pi.image_id
       where pi.product_id = $1 order by m.sort, m.id`,
      [productId],
    );
    return rows;
  },
  async image(db: Queryable, id: number): Promise<ImageRow | null> {
    return (
      (await db.query<ImageRow>('select id, code, name, name_zh, distribution from images where id = $1', [id]))
        .rows[0] ?? null
    );
  },
  /** Takes one from a limited stock; false when none is left. Unlimited products always succeed. */
  async takeStock(db: Queryable, productId: number): Promise<boolean> {
    const { rowCount } = await db.query(
      'update products set stock = stock - 1 where id = $1 and (stock is null or stock > 0)',
      [productId],
    );
    return rowCount === 1;
  },
  async returnStock(db: Queryable, productId: number): Promise<void> {
    await db.query('update products set stock = stock + 1 where id = $1 and stock is not null', [productId]);
  },
  /** A product's disk size in GB (0 when the product is gone). */
  async diskOf(db: Queryable, productId: number): Promise<number> {
    const { rows } = await db.query<{ disk_gb: number }>('select disk_gb from products where id = $1', [productId]);
    return rows[0]?.disk_gb ?? 0;
  },
  /** A product's backup and snapshot quotas (0 when the product is gone). */
  async quotasOf(db: Queryable, productId: number): Promise<{ backups: number; snapshots: number }> {
    const { rows } = await db.query<{ backup_quota: number; snapshot_quota: number }>(
      'select backup_quota, snapshot_quota from products where id = $1',
      [productId],
    );
    return { backups: rows[0]?.backup_quota ?? 0, snapshots: rows[0]?.snapshot_quota ?? 0 };
  },
};
