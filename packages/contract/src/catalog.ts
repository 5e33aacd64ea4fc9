import * as z from 'zod/mini';

/** Billing cycles (docs/product/deploy.md): the keys of a product's price map and the codes requests carry. */
export const CYCLES = [
  { key: 'monthly', code: 'Month', months: 1 },
  { key: 'quarterly', code: 'Quarter', months: 3 },
  { key: 'semi_annually', code: 'YearHalf', months: 6 },
  { key: 'annually', code: 'Year', months: 12 },
  { key: 'biennially', code: 'Year2', months: 24 },
] as const;
export type CycleKey = (typeof CYCLES)[number]['key'];
export type CycleCode = (typeof CYCLES)[number]['code'];
export const CYCLE_KEYS = CYCLES.map((c) => c.key) as [CycleKey, ...CycleKey[]];
export const CYCLE_CODES = CYCLES.map((c) => c.code) as [CycleCode, ...CycleCode[]];
/** The first four cycles form the list a customer picks from. */
export const SELECTABLE_CYCLES: readonly CycleKey[] = CYCLE_KEYS.slice(0, 4);

export const cycleByKey = (key: string) => CYCLES.find((c) => c.key === key);
export const cycleByCode = (code: string) => CYCLES.find((c) => c.code === code);

const int = () => z.number().check(z.int());
const minor = () => z.number().check(z.int(), z.nonnegative());

/** A product's price per cycle, in minor units of its Currency; unpriced cycles are absent. */
export const PriceMap = z.object({
  monthly: z.optional(minor()),
  quarterly: z.optional(minor()),
  semi_annually: z.optional(minor()),
  annually: z.optional(minor()),
  biennially: z.optional(minor()),
} satisfies Record<CycleKey, unknown>);
export type PriceMap = z.infer<typeof PriceMap>;

export const Product = z
  .object({
    Id: int(),
    Name: z.string(),
    Description: z.string().check(z.describe('Sanitised HTML.')),
    Ord: z.nullable(int()).check(z.describe('Products flagged with an Ord value are hidden from the catalogue.')),
    Price: PriceMap,
    Currency: z.string(),
    Cores: int(),
    Memory: int().check(z.describe('MiB')),
    Disk: int().check(z.describe('GiB')),
    Bandwidth: int().check(z.describe('GB of traffic per month; 0 is unmetered.')),
    BackupQuota: int(),
    SnapshotQuota: int(),
    Stock: z.nullable(int()).check(z.describe('Instances left to sell; null is unlimited.')),
  })
  .register(z.globalRegistry, { id: 'Product' });
export type Product = z.infer<typeof Product>;

export const Group = z
  .object({ Id: int(), Name: z.string(), Description: z.string(), Products: z.array(Product) })
  .register(z.globalRegistry, { id: 'Group' });
export type Group = z.infer<typeof Group>;

export const Region = z
  .object({
    Id: int(),
    Name: z.string(),
    Description: z.string(),
    CountryCode: z.string().check(z.describe('ISO 3166-1 alpha-2, lower case: hk, jp, sg, us…')),
    Groups: z.array(Group),
  })
  .register(z.globalRegistry, { id: 'Region' });
export type Region = z.infer<typeof Region>;

export const Template = z
  .object({ Id: int(), Name: z.string(), Distribution: z.string() })
  .register(z.globalRegistry, { id: 'Template' });
export type Template = z.infer<typeof Template>;
