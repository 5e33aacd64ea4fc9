import type { LocalText } from '@nimbus/contract';
import type { Tx } from '../../infra/db/pool.js';
import { marshalConfig } from '../../infra/lib/stored-config.js';
import type { ComputeMap } from './compute-map.js';
import { CatalogFile, crossCheck } from './file-schema.js';
import { sanitize } from './sanitize.js';

/** A catalogue file that failed validation: one line per bad field, named by its path. */
export class CatalogError extends Error {
  constructor(readonly problems: string[]) {
    super(`the catalogue is invalid:\n${problems.map((p) => `  ${p}`).join('\n')}`);
  }
}

const pathOf = (path: PropertyKey[]) =>
  path
    .map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`))
    .join('')
    .slice(1);

/** Validates a parsed catalogue file, and that every region with products can deploy their images. */
export function validateCatalog(raw: unknown, compute: ComputeMap | null): CatalogFile {
  const parsed = CatalogFile.safeParse(raw);
  const problems = [
    ...(parsed.success ? [] : parsed.error.issues.map((i) => `${pathOf(i.path) || '(file)'}: ${i.message}`)),
    ...crossCheck(raw),
  ];
  if (!parsed.success) throw new CatalogError(problems);
  if (compute) {
    parsed.data.regions.forEach((r, ri) => {
      const products = r.groups.flatMap((g) => g.products);
      if (products.length === 0) return;
      const images = compute.get(r.code);
      if (!images) {
        problems.push(
          `regions[${ri}].code: no compute region "${r.code}" (COMPUTE_CONFIG has ${[...compute.keys()].join(', ')})`,
        );
        return;
      }
      r.groups.forEach((g, gi) =>
        g.products.forEach((p, pi) =>
          p.images.forEach((img, ii) => {
            if (!images.has(img))
              problems.push(
                `regions[${ri}].groups[${gi}].products[${pi}].images[${ii}]: region "${r.code}" has no template for "${img}"`,
              );
          }),
        ),
      );
    });
  }
  if (problems.length) throw new CatalogError(problems);
  return parsed.data;
}

/** A catalogue entry's name and description columns: English, Chinese, each description sanitised. */
const texts = (e: { name: LocalText; description: LocalText }) => [
  e.name.en_US,
  e.name.zh_CN,
  sanitize(e.description.en_US),
  sanitize(e.description.zh_CN),
];

async function upsertId(tx: Tx, sql: string, values: unknown[]): Promise<number> {
  const { rows } = await tx.query<{ id: number }>(sql, values);
  return rows[0]!.id;
}

/**
 * Makes the database catalogue equal to the file, in the caller's transaction: rows are matched by
 * code (ids stay stable), HTML is sanitised, and what the file no longer lists is removed. A product
 * still used by instances cannot be removed: keep it in the file with `ord` set to hide it.
 */
export async function applyCatalog(tx: Tx, file: CatalogFile): Promise<{ regions: number; products: number }> {
  const imageIds = new Map<string, number>();
  for (const [i, img] of file.images.entries()) {
    imageIds.set(
      img.code,
      await upsertId(
        tx,
        `insert into images (code, name, name_zh, distribution, sort) values ($1, $2, $3, $4, $5)
         on conflict (code) do update set name = $2, name_zh = $3, distribution = $4, sort = $5 returning id`,
        [img.code, img.name.en_US, img.name.zh_CN, img.distribution, i],
      ),
    );
  }
  const keep = { regions: [] as number[], groups: [] as number[], products: [] as number[] };
  for (const [ri, r] of file.regions.entries()) {
    const regionId = await upsertId(
      tx,
      `insert into regions (code, name, name_zh, description, description_zh, country_code, sort)
       values ($1, $2, $3, $4, $5, $6, $7)
       on conflict (code) do update set name = $2, name_zh = $3, description = $4, description_zh = $5,
         country_code = $6, sort = $7 returning id`,
      [r.code, ...texts(r), r.countryCode, ri],
    );
    keep.regions.push(regionId);
    for (const [gi, g] of r.groups.entries()) {
      const groupId = await upsertId(
        tx,
        `insert into product_groups (region_id, code, name, name_zh, description, description_zh, sort)
         values ($1, $2, $3, $4, $5, $6, $7)
         on conflict (region_id, code) do update set name = $3, name_zh = $4, description = $5,
           description_zh = $6, sort = $7 returning id`,
        [regionId, g.code, ...texts(g), gi],
      );
      keep.groups.push(groupId);
      for (const [pi, p] of g.products.entries()) {
        const productId = await upsertId(
          tx,
          `insert into products (group_id, code, name, name_zh, description, description_zh, ord, sort, cores,
             memory_mb, disk_gb, bandwidth_gb, backup_quota, snapshot_quota, stock, prices)
           values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
           on conflict (group_id, code) do update set name = $3, name_zh = $4, description = $5,
             description_zh = $6, ord = $7, sort = $8, cores = $9, memory_mb = $10, disk_gb = $11,
             bandwidth_gb = $12, backup_quota = $13, snapshot_quota = $14, stock = $15, prices = $16
           returning id`,
          [
            groupId,
            p.code,
            ...texts(p),
            p.ord,
            pi,
            p.cores,
            p.memoryMb,
            p.diskGb,
            p.bandwidthGb,
            p.backups,
            p.snapshots,
            p.stock,
            marshalConfig(p.prices),
          ],
        );
        keep.products.push(productId);
        await tx.query('delete from product_images where product_id = $1', [productId]);
        for (const img of p.images) {
          await tx.query('insert into product_images (product_id, image_id) values ($1, $2)', [
            productId,
            imageIds.get(img),
          ]);
        }
      }
    }
  }
  await removeUnlisted(tx, keep, [...imageIds.values()]);
  return { regions: keep.regions.length, products: keep.products.length };
}

async function removeUnlisted(
  tx: Tx,
  keep: { regions: number[]; groups: number[]; products: number[] },
  images: number[],
) {
  const used = await tx.query<{ code: string; n: number }>(
    `select p.code, count(i.id)::int as n from products p join instances i on i.product_id = p.id
     where not (p.id = any($1)) group by p.code`,
    [keep.products],
  );
  if (used.rows.length) {
    throw new CatalogError(
      used.rows.map(
        (r) => `product "${r.code}" is used by ${r.n} instance(s): keep it in the file, with ord set to hide it`,
      ),
    );
  }
  await tx.query('delete from products where not (id = any($1))', [keep.products]);
  await tx.query('delete from product_groups where not (id = any($1))', [keep.groups]);
  const regions = await tx.query<{ code: string }>(
    `select distinct r.code from regions r join instances i on i.region_id = r.id where not (r.id = any($1))`,
    [keep.regions],
  );
  if (regions.rows.length)
    throw new CatalogError(regions.rows.map((r) => `region "${r.code}" has instances: keep it in the file`));
  await tx.query('delete from regions where not (id = any($1))', [keep.regions]);
  const imgs = await tx.query<{ code: string }>(
    `select distinct m.code from images m join instances i on i.image_id = m.id where not (m.id = any($1))`,
    [images],
  );
  if (imgs.rows.length)
    throw new CatalogError(imgs.rows.map((r) => `image "${r.code}" is used by instances: keep it in the file`));
  await tx.query('delete from images where not (id = any($1))', [images]);
}
