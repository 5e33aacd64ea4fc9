import { CYCLE_KEYS, formatMinor, type LocalText } from '@nimbus/contract';
import { stringify } from 'yaml';
import type { Queryable } from '../../infra/db/pool.js';
import { catalogFile } from './file-repository.js';
import type { CatalogTexts as Texts } from './repository.js';

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
  const images = await catalogFile.images(db);
  const regions = await catalogFile.regions(db);
  const groups = await catalogFile.groups(db);
  const products = await catalogFile.products(db);
  const file = {
    images: images.map((m) => ({
      code: m.code,
      name: fileText(m.name, m.name_zh),
      distribution: m.distribution,
    })),
    regions: regions.map((r) => ({
      code: r.code,
      ...named(r),
      countryCode: r.country_code,
      groups: groups
        .filter((g) => g.region_id === r.id)
        .map((g) => ({
          code: g.code,
          ...named(g),
          products: products
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
