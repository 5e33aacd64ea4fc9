import type { LocalText } from '@nimbus/contract';
import type { Tx } from '../../infra/db/pool.js';
import type { ComputeMap } from './compute-map.js';
import { catalogFile } from './file-repository.js';
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
const texts = (e: { name: LocalText; description: LocalText }) => ({
  name: e.name.en_US,
  name_zh: e.name.zh_CN,
  description: sanitize(e.description.en_US),
  description_zh: sanitize(e.description.zh_CN),
});

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
      await catalogFile.upsertImage(tx, {
        code: img.code,
        name: img.name.en_US,
        name_zh: img.name.zh_CN,
        distribution: img.distribution,
        sort: i,
      }),
    );
  }
  const keep = { regions: [] as number[], groups: [] as number[], products: [] as number[] };
  for (const [ri, r] of file.regions.entries()) {
    const regionId = await catalogFile.upsertRegion(tx, {
      code: r.code,
      ...texts(r),
      country_code: r.countryCode,
      sort: ri,
    });
    keep.regions.push(regionId);
    for (const [gi, g] of r.groups.entries()) {
      const groupId = await catalogFile.upsertGroup(tx, { region_id: regionId, code: g.code, ...texts(g), sort: gi });
      keep.groups.push(groupId);
      for (const [pi, p] of g.products.entries()) {
        const productId = await catalogFile.upsertProduct(tx, {
          group_id: groupId,
          code: p.code,
          ...texts(p),
          ord: p.ord,
          sort: pi,
          cores: p.cores,
          memory_mb: p.memoryMb,
          disk_gb: p.diskGb,
          bandwidth_gb: p.bandwidthGb,
          backup_quota: p.backups,
          snapshot_quota: p.snapshots,
          stock: p.stock,
          prices: p.prices,
        });
        keep.products.push(productId);
        await catalogFile.setProductImages(
          tx,
          productId,
          p.images.map((img) => imageIds.get(img)!),
        );
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
  const used = await catalogFile.productsInUseExcept(tx, keep.products);
  if (used.length) {
    throw new CatalogError(
      used.map(
        (r) => `product "${r.code}" is used by ${r.n} instance(s): keep it in the file, with ord set to hide it`,
      ),
    );
  }
  await catalogFile.deleteExcept(tx, 'products', keep.products);
  await catalogFile.deleteExcept(tx, 'groups', keep.groups);
  const regions = await catalogFile.inUseExcept(tx, 'regions', keep.regions);
  if (regions.length)
    throw new CatalogError(regions.map((r) => `region "${r.code}" has instances: keep it in the file`));
  await catalogFile.deleteExcept(tx, 'regions', keep.regions);
  const imgs = await catalogFile.inUseExcept(tx, 'images', images);
  if (imgs.length)
    throw new CatalogError(imgs.map((r) => `image "${r.code}" is used by instances: keep it in the file`));
  await catalogFile.deleteExcept(tx, 'images', images);
}
