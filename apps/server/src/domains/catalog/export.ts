import { CYCLE_KEYS, formatMinor, type LocalText } from '@nimbus/contract';
import { stringify } from 'yaml';
import type { Queryable } from '../../infra/db/pool.js';
import type { CatalogTexts as Texts, GroupRow, ProductRow, RegionRow } from './repository.js';

/** A text as the file writes it: a plain string when only English is written, else both versions. */
function fileText(en: string, zh: string): string | Partial<LocalText> {
  if (zh === '') return en;
  return en === '' ? { zh_CN: zh } : { en_US: en, zh_CN: zh };
}

const named = (t: Texts) => ({
  name: fileText(t.name, t.name_zh),
  description: fileText(t.description, t.description_zh),
});

/** The database catalogue as a catalogue file (YAML), ready to edit and import again. */
export async function exportCatalog(db: Queryable): Promise<string> {
  const images = await db.query<{ code: string; name: string; name_zh: string; distribution: string }>(
    'select code, name, name_zh, distribution from images order by sort, id',
  );
  const regions = await db.query<RegionRow>(
    'select id, code, name, name_zh, country_code, description, description_zh from regions order by sort, id',
  );
  const groups = await db.query<GroupRow & { code: string }>(
    'select id, region_id, code, name, name_zh, description, description_zh from product_groups order by sort, id',
  );
  const products = await db.query<ProductRow & { images: string[] }>(
    `select p.*, coalesce(array_agg(m.code order by m.sort, m.id) filter (where m.id is not null), '{}') as images
     from products p left join product_images pi on pi.product_id = p.id left join images m on m.id = pi.image_id
     group by p.id order by p.sort, p.id`,
  );
  const file = {
    images: images.rows.map((m) => ({
      code: m.code,
      name: fileText(m.name, m.name_zh),
      distribution: m.distribution,
    })),
    regions: regions.rows.map((r) => ({
      code: r.code,
      ...named(r),
      countryCode: r.country_code,
      groups: groups.rows
        .filter((g) => g.region_id === r.id)
        .map((g) => ({
          code: g.code,
          ...named(g),
          products: products.rows
            .filter((p) => p.group_id === g.id)
            .map((p) => ({
              code: p.code,
              ...named(p),
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
