import { CYCLE_KEYS, parseMinor, toLocalText } from '@nimbus/contract';
import { z } from 'zod';

const code = z.string().regex(/^[a-z0-9][a-z0-9.-]{0,62}$/, 'lowercase letters, digits, dots and hyphens');

/**
 * A text in the console's languages: a plain string (the English version) or `{ en_US, zh_CN }`
 * with either or both; customers read theirs, else the other.
 */
function localized(text: z.ZodType<string>, required: boolean) {
  const versions = z.object({ en_US: text.optional(), zh_CN: text.optional() }).strict();
  return z
    .union([text, versions])
    .transform(toLocalText)
    .refine((t) => !required || t.en_US !== '' || t.zh_CN !== '', 'a text in en_US, zh_CN or both');
}
const name = localized(z.string().trim().min(1).max(128), true);
const html = localized(z.string().max(8000, 'at most 8000 characters'), false).default({ en_US: '', zh_CN: '' });
const count = z.number().int('a whole number').nonnegative('zero or more');

/** A price in the operator's currency: 5, 5.5, "5.00" — never more than 2 decimals. */
const amount = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const minor = parseMinor(String(v));
  if (minor === null || minor < 0) {
    ctx.addIssue({ code: 'custom', message: 'an amount such as 5 or 5.00 (at most 2 decimals)' });
    return z.NEVER;
  }
  return minor;
});

const ProductFile = z
  .object({
    code,
    name,
    description: html,
    ord: z.number().int().nullable().default(null),
    cores: count.min(1, 'at least 1'),
    memoryMb: count.min(128, 'at least 128'),
    diskGb: count.min(1, 'at least 1'),
    bandwidthGb: count.default(0),
    backups: count.default(0),
    snapshots: count.default(0),
    stock: count.nullable().default(null),
    prices: z
      .partialRecord(z.enum(CYCLE_KEYS), amount)
      .refine((p) => Object.keys(p).length > 0, 'at least one cycle price'),
    images: z.array(code).min(1, 'at least one image'),
  })
  .strict();

const GroupFile = z
  .object({
    code,
    name,
    description: html,
    products: z.array(ProductFile).default([]),
  })
  .strict();

const RegionFile = z
  .object({
    code,
    name,
    countryCode: z.string().regex(/^[a-z]{2}$/, 'two lowercase letters (ISO 3166-1), e.g. hk'),
    description: html,
    groups: z.array(GroupFile).default([]),
  })
  .strict();

const ImageFile = z
  .object({
    code,
    name,
    distribution: z.string().trim().min(1).max(64),
  })
  .strict();

type Loose = Record<string, unknown>;
const items = (v: unknown): Loose[] =>
  Array.isArray(v) ? v.filter((x): x is Loose => !!x && typeof x === 'object') : [];
const codeOf = (v: Loose) => (typeof v.code === 'string' ? v.code : undefined);

function duplicates(list: Loose[], what: string, path: string, out: string[]): void {
  const seen = new Set<string>();
  list.forEach((item, i) => {
    const k = codeOf(item);
    if (k === undefined) return;
    if (seen.has(k)) out.push(`${path}[${i}].code: duplicate ${what} "${k}"`);
    seen.add(k);
  });
}

/**
 * Rules across entries — unique codes, products naming listed images — checked on the raw file so
 * they are reported together with the field errors, whatever else is wrong.
 */
export function crossCheck(raw: unknown): string[] {
  const out: string[] = [];
  const file = (raw && typeof raw === 'object' ? raw : {}) as Loose;
  const images = items(file.images);
  duplicates(images, 'image', 'images', out);
  const known = new Set(images.map(codeOf).filter(Boolean));
  const regions = items(file.regions);
  duplicates(regions, 'region', 'regions', out);
  regions.forEach((r, ri) => {
    const groups = items(r.groups);
    duplicates(groups, 'group', `regions[${ri}].groups`, out);
    groups.forEach((g, gi) => {
      const path = `regions[${ri}].groups[${gi}].products`;
      const products = items(g.products);
      duplicates(products, 'product', path, out);
      products.forEach((p, pi) => {
        (Array.isArray(p.images) ? p.images : []).forEach((img: unknown, ii: number) => {
          if (typeof img === 'string' && !known.has(img))
            out.push(`${path}[${pi}].images[${ii}]: no image "${img}" in images`);
        });
      });
    });
  });
  return out;
}

/** The catalogue file operators keep (YAML): images, then regions → groups (types) → products (sizes). */
export const CatalogFile = z
  .object({ images: z.array(ImageFile).min(1), regions: z.array(RegionFile).min(1) })
  .strict();
export type CatalogFile = z.output<typeof CatalogFile>;
