import type { Queryable } from '../../infra/db/pool.js';
import { marshalConfig } from '../../infra/lib/stored-config.js';
import type { CatalogTexts, GroupRow, ProductRow, RegionRow } from './repository.js';

// What the catalogue file's import and export read and write: rows matched by code, so ids stay stable.

/** An image's columns as the file gives them; `sort` is its place in the file. */
export interface ImageValues {
  code: string;
  name: string;
  name_zh: string;
  distribution: string;
  sort: number;
}
export interface RegionValues extends CatalogTexts {
  code: string;
  country_code: string;
  sort: number;
}
export interface GroupValues extends CatalogTexts {
  region_id: number;
  code: string;
  sort: number;
}
export type ProductValues = Omit<ProductRow, 'id'> & { sort: number };

/** A row the file leaves out that instances still use, by its code. */
export interface InUse {
  code: string;
}

async function upsertId(db: Queryable, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await db.query<{ id: number }>(sql, values);
  return rows[0]!.id;
}

const DELETE_EXCEPT = {
  products: 'delete from products where not (id = any($1))',
  groups: 'delete from product_groups where not (id = any($1))',
  regions: 'delete from regions where not (id = any($1))',
  images: 'delete from images where not (id = any($1))',
} as const;

const IN_USE_EXCEPT = {
  regions: `select distinct r.code from regions r join instances i on i.region_id = r.id where not (r.id = any($1))`,
  images: `select distinct m.code from images m join instances i on i.image_id = m.id where not (m.id = any($1))`,
} as const;

export const catalogFile = {
  /** Inserts the image or updates the one of that code; answers its id. */
  upsertImage(db: Queryable, m: ImageValues): Promise<number> {
    return upsertId(
      db,
      `insert into images (code, name, name_zh, distribution, sort) values ($1, $2, $3, $4, $5)
       on conflict (code) do update set name = $2, name_zh = $3, distribution = $4, sort = $5 returning id`,
      [m.code, m.name, m.name_zh, m.distribution, m.sort],
    );
  },
  upsertRegion(db: Queryable, r: RegionValues): Promise<number> {
    return upsertId(
      db,
      `insert into regions (code, name, name_zh, description, description_zh, country_code, sort)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (code) do update set name = $2, name_zh = $3, description = $4, description_zh = $5,
         country_code = $6, sort = $7 returning id`,
      [r.code, r.name, r.name_zh, r.description, r.description_zh, r.country_code, r.sort],
    );
  },
  upsertGroup(db: Queryable, g: GroupValues): Promise<number> {
    return upsertId(
      db,
      `insert into product_groups (region_id, code, name, name_zh, description, description_zh, sort)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (region_id, code) do update set name = $3, name_zh = $4, description = $5,
         description_zh = $6, sort = $7 returning id`,
      [g.region_id, g.code, g.name, g.name_zh, g.description, g.description_zh, g.sort],
    );
  },
  /** Inserts the product or updates the one of that code in its group; its prices are stored as JSON. */
  upsertProduct(db: Queryable, p: ProductValues): Promise<number> {
    return upsertId(
      db,
      `insert into products (group_id, code, name, name_zh, description, description_zh, ord, sort, cores,
         memory_mb, disk_gb, bandwidth_gb, backup_quota, snapshot_quota, stock, prices)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       on conflict (group_id, code) do update set name = $3, name_zh = $4, description = $5,
         description_zh = $6, ord = $7, sort = $8, cores = $9, memory_mb = $10, disk_gb = $11,
         bandwidth_gb = $12, backup_quota = $13, snapshot_quota = $14, stock = $15, prices = $16
       returning id`,
      [
        p.group_id,
        p.code,
        p.name,
        p.name_zh,
        p.description,
        p.description_zh,
        p.ord,
        p.sort,
        p.cores,
        p.memory_mb,
        p.disk_gb,
        p.bandwidth_gb,
        p.backup_quota,
        p.snapshot_quota,
        p.stock,
        marshalConfig(p.prices),
      ],
    );
  },
  /** Makes a product's images exactly these: its links are deleted, then each image linked in order. */
  async setProductImages(db: Queryable, productId: number, imageIds: number[]): Promise<void> {
    await db.query('delete from product_images where product_id = $1', [productId]);
    for (const imageId of imageIds) {
      await db.query('insert into product_images (product_id, image_id) values ($1, $2)', [productId, imageId]);
    }
  },
  /** The products other than `keep` that instances use, with how many instances each. */
  async productsInUseExcept(db: Queryable, keep: number[]): Promise<(InUse & { n: number })[]> {
    const { rows } = await db.query<InUse & { n: number }>(
      `select p.code, count(i.id)::int as n from products p join instances i on i.product_id = p.id
       where not (p.id = any($1)) group by p.code`,
      [keep],
    );
    return rows;
  },
  /** Deletes the rows of a kind other than `keep`. */
  async deleteExcept(db: Queryable, kind: keyof typeof DELETE_EXCEPT, keep: number[]): Promise<void> {
    await db.query(DELETE_EXCEPT[kind], [keep]);
  },
  /** The regions (that instances are in) or images (that instances run) other than `keep`. */
  async inUseExcept(db: Queryable, kind: keyof typeof IN_USE_EXCEPT, keep: number[]): Promise<InUse[]> {
    const { rows } = await db.query<InUse>(IN_USE_EXCEPT[kind], [keep]);
    return rows;
  },

  /** Every image, in catalogue order. */
  async images(db: Queryable): Promise<Omit<ImageValues, 'sort'>[]> {
    const { rows } = await db.query<Omit<ImageValues, 'sort'>>(
      'select code, name, name_zh, distribution from images order by sort, id',
    );
    return rows;
  },
  /** Every region, in catalogue order. */
  async regions(db: Queryable): Promise<RegionRow[]> {
    const { rows } = await db.query<RegionRow>(
      'select id, code, name, name_zh, country_code, description, description_zh from regions order by sort, id',
    );
    return rows;
  },
  /** Every product group, in catalogue order. */
  async groups(db: Queryable): Promise<(GroupRow & { code: string })[]> {
    const { rows } = await db.query<GroupRow & { code: string }>(
      'select id, region_id, code, name, name_zh, description, description_zh from product_groups order by sort, id',
    );
    return rows;
  },
  /** Every product with the codes of its images, in catalogue order. */
  async products(db: Queryable): Promise<(ProductRow & { images: string[] })[]> {
    const { rows } = await db.query<ProductRow & { images: string[] }>(
      `select p.*, coalesce(array_agg(m.code order by m.sort, m.id) filter (where m.id is not null), '{}') as images
       from products p left join product_images pi on pi.product_id = p.id left join images m on m.id = pi.image_id
       group by p.id order by p.sort, p.id`,
    );
    return rows;
  },
};
