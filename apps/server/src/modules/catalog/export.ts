import { CYCLE_KEYS, formatMinor, type PriceMap } from '@nimbus/contract';
import { stringify } from 'yaml';
import type { Queryable } from '../../db/pool.js';

/** The database catalogue as a catalogue file (YAML), ready to edit and import again. */
export async function exportCatalog(db: Queryable): Promise<string> {
  const images = await db.query<{ code: string; name: string; distribution: string }>(
    'select code, name, distribution from images order by sort, id',
  );
  const regions = await db.query<{ id: number; code: string; name: string; country_code: string; description: string }>(
    'select id, code, name, country_code, description from regions order by sort, id',
  );
  const groups = await db.query<{ id: number; region_id: number; code: string; name: string; description: string }>(
    'select id, region_id, code, name, description from product_groups order by sort, id',
  );
  const products = await db.query<{
    id: number;
    group_id: number;
    code: string;
    name: string;
    description: string;
    ord: number | null;
    cores: number;
    memory_mb: number;
    disk_gb: number;
    bandwidth_gb: number;
    backup_quota: number;
    snapshot_quota: number;
    stock: number | null;
    prices: PriceMap;
    images: string[];
  }>(
    `select p.*, coalesce(array_agg(m.code order by m.sort, m.id) filter (where m.id is not null), '{}') as images
     from products p left join product_images pi on pi.product_id = p.id left join images m on m.id = pi.image_id
     group by p.id order by p.sort, p.id`,
  );
  const file = {
    images: images.rows,
    regions: regions.rows.map((r) => ({
      code: r.code,
      name: r.name,
      countryCode: r.country_code,
      description: r.description,
      groups: groups.rows
        .filter((g) => g.region_id === r.id)
        .map((g) => ({
          code: g.code,
          name: g.name,
          description: g.description,
          products: products.rows
            .filter((p) => p.group_id === g.id)
            .map((p) => ({
              code: p.code,
              name: p.name,
              description: p.description,
              ord: p.ord,
              cores: p.cores,
              memoryMb: p.memory_mb,
              diskGb: p.disk_gb,
              bandwidthGb: p.bandwidth_gb,
              backups: p.backup_quota,
              snapshots: p.snapshot_quota,
              stock: p.stock,
              prices: Object.fromEntries(
                CYCLE_KEYS.filter((k) => p.prices[k] !== undefined).map((k) => [k, formatMinor(p.prices[k]!)]),
              ),
              images: p.images,
            })),
        })),
    })),
  };
  return stringify(file, { lineWidth: 0 });
}
