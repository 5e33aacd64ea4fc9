import {
  CYCLES,
  type CycleKey,
  GENERATED_PASSWORD_LENGTH,
  type Group,
  HOSTNAME,
  type Product,
  type Region,
  type Template,
} from '@nimbus/contract';
import type { DeploySearch } from './search';

/**
 * The deploy draft (docs/product/deploy.md#deploy-page): what the customer has chosen so far. It
 * lives while the customer stays on /deploy (cleared on leaving), and rides along a top-up's round
 * trip, so a customer who leaves to top up the balance comes back to the choices they made.
 */
export interface DeployDraft {
  regionId: number | null;
  /** The type (the link's group_id): a group of the region. */
  groupId: number | null;
  productId: number | null;
  /** The renew cycle. */
  cycle: CycleKey | null;
  templateId: number | null;
  /** The chosen image as the summary names it ("Debian 12 (Bookworm)"), '' until one is chosen. */
  templateName: string;
  /** The applied promotion code, '' when none. */
  promoCode: string;
  hostname: string;
  username: string;
  password: string;
  keyIds: number[];
  /** The catalogue's price of the product for the cycle, in minor units; null until both are chosen. */
  originalPrice: number | null;
  /** The price to pay: api/deploy/price's quote for the promotion code, else the original price. */
  calculatedPrice: number | null;
  /** startAfterReinstall: start the server once it is installed (api/deploy's UserData.Start). */
  startAfterReinstall: boolean;
}

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const PASSWORD_CHARS = `${ALPHANUMERIC}!@#%^*_-+=`;

function randomFrom(alphabet: string, length: number): string {
  const values = crypto.getRandomValues(new Uint32Array(length));
  return Array.from(values, (v) => alphabet[v % alphabet.length]).join('');
}

/** "ECS-" plus 6 random alphanumerics (docs/product/deploy.md). */
export const randomHostname = () => `${HOSTNAME.prefix}${randomFrom(ALPHANUMERIC, 6)}`;

/** 16 random characters with at least a lower-case letter, an upper-case letter and a digit. */
export function randomPassword(): string {
  for (;;) {
    const candidate = randomFrom(PASSWORD_CHARS, GENERATED_PASSWORD_LENGTH);
    if (/[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

/** Products flagged with an Ord value are hidden (docs/product/deploy.md#catalogue). */
export const visibleProducts = (group: Group | undefined): Product[] =>
  group ? group.Products.filter((p) => p.Ord === null) : [];

/** A size that can be bought now: no stock limit, or some left. */
export const inStock = (product: Product) => product.Stock === null || product.Stock > 0;

/** A region with no groups is shown disabled; so is one whose every size is sold out. */
export const isRegionOpen = (region: Region) => region.Groups.some((g) => visibleProducts(g).some(inStock));

/** Why a region cannot be chosen: nothing offered there yet, or everything sold out. */
export const regionClosedReason = (region: Region): 'noGroups' | 'soldOut' | null =>
  isRegionOpen(region) ? null : region.Groups.some((g) => visibleProducts(g).length > 0) ? 'soldOut' : 'noGroups';

/** The cycles a product is priced for, in the order of CYCLES. */
export const pricedCycles = (product: Product | undefined): CycleKey[] =>
  product ? CYCLES.map((c) => c.key).filter((key) => product.Price[key] !== undefined) : [];

interface Selection {
  region?: Region;
  group?: Group;
  product?: Product;
}

/**
 * A draft with nothing typed yet: the cascade
 * (docs/product/deploy.md#selection-cascade-initialselection-cascade-choosegroup) from the link, a
 * fresh hostname, user root.
 */
export function newDraft(regions: Region[], search: DeploySearch): DeployDraft {
  return priced(
    {
      ...initialSelection(regions, search),
      templateId: null,
      templateName: '',
      promoCode: '',
      hostname: randomHostname(),
      username: 'root',
      password: '',
      keyIds: [],
      originalPrice: null,
      calculatedPrice: null,
      startAfterReinstall: true,
    },
    regions,
  );
}

/**
 * The original price of the chosen product and cycle, which is also the price to pay
 * while no promotion is applied (a promotion's quote stays until the product or cycle changes).
 */
export function priced(draft: DeployDraft, regions: Region[]): DeployDraft {
  const { product } = select(regions, draft);
  const originalPrice = (product && draft.cycle ? product.Price[draft.cycle] : undefined) ?? null;
  const calculatedPrice =
    draft.promoCode !== '' && draft.calculatedPrice !== null ? draft.calculatedPrice : originalPrice;
  return { ...draft, originalPrice, calculatedPrice };
}

const isIdOrNull = (v: unknown) => v === null || (typeof v === 'number' && Number.isSafeInteger(v));
const isPrice = isIdOrNull;

/**
 * A draft read back from storage after a top-up, if it is one: its choices must still be in the
 * catalogue (the prices are taken from it again); anything else starts a new draft.
 */
export function restoredDraft(regions: Region[], raw: unknown): DeployDraft | null {
  if (typeof raw !== 'object' || raw === null) return null;
  const d = raw as Record<keyof DeployDraft, unknown>;
  const ok =
    isIdOrNull(d.regionId) &&
    isIdOrNull(d.groupId) &&
    isIdOrNull(d.productId) &&
    isIdOrNull(d.templateId) &&
    (d.cycle === null || CYCLES.some((c) => c.key === d.cycle)) &&
    [d.templateName, d.promoCode, d.hostname, d.username, d.password].every((v) => typeof v === 'string') &&
    Array.isArray(d.keyIds) &&
    d.keyIds.every((k) => typeof k === 'number') &&
    isPrice(d.originalPrice) &&
    isPrice(d.calculatedPrice) &&
    typeof d.startAfterReinstall === 'boolean';
  if (!ok) return null;
  const draft = raw as DeployDraft;
  const { product } = select(regions, draft);
  if (!product || (draft.cycle !== null && product.Price[draft.cycle] === undefined)) return null;
  return priced(draft, regions);
}

/** An image as the summary names it: its name, led by its distribution unless the name already is. */
export const templateLabel = (tpl: Template) =>
  tpl.Name.toLowerCase().startsWith(tpl.Distribution.toLowerCase()) ? tpl.Name : `${tpl.Distribution} ${tpl.Name}`;

/** Finds what the ids of a draft point at in the catalogue. */
export function select(regions: Region[], draft: Pick<DeployDraft, 'regionId' | 'groupId' | 'productId'>): Selection {
  const region = regions.find((r) => r.Id === draft.regionId);
  const group = region?.Groups.find((g) => g.Id === draft.groupId);
  const product = visibleProducts(group).find((p) => p.Id === draft.productId);
  return { region, group, product };
}

/**
 * The selection cascade
 * (docs/product/deploy.md#selection-cascade-initialselection-cascade-choosegroup): the region
 * holding product_id (or region_id), else the first open region; the group holding the product (or
 * group_id), else the first; the product from the URL if valid, else the first; the first priced
 * cycle.
 */
export function initialSelection(regions: Region[], search: DeploySearch) {
  const open = regions.filter(isRegionOpen);
  const holding =
    search.product_id === undefined
      ? undefined
      : open.find((r) => r.Groups.some((g) => visibleProducts(g).some((p) => p.Id === search.product_id)));
  const region = holding ?? open.find((r) => r.Id === search.region_id) ?? open[0];
  return cascade(region, search.group_id, search.product_id);
}

/**
 * A region chosen: keeps the size (or type) the new region still holds, and resets the rest to the
 * first one.
 */
export function cascade(region: Region | undefined, groupId?: number | null, productId?: number | null) {
  const group =
    region?.Groups.find((g) => visibleProducts(g).some((p) => p.Id === productId)) ??
    region?.Groups.find((g) => g.Id === groupId) ??
    region?.Groups[0];
  const products = visibleProducts(group);
  const product = products.find((p) => p.Id === productId) ?? products[0];
  return {
    regionId: region?.Id ?? null,
    groupId: group?.Id ?? null,
    productId: product?.Id ?? null,
    cycle: pricedCycles(product)[0] ?? null,
  };
}

/**
 * A type chosen: its first size and that size's first priced cycle. The size chosen before belongs
 * to another type, so it must not pull the choice back there.
 */
export const chooseGroup = (region: Region | undefined, groupId: number) => cascade(region, groupId, null);

const HOSTNAME_OK = /^[A-Za-z][A-Za-z0-9-]+$/;

/** What the draft still lacks before "Deploy now" can send it, in the page's order. */
export type Missing = 'size' | 'cycle' | 'image' | 'hostname' | 'username' | 'credentials';

export function missingForDeploy(
  draft: DeployDraft,
  chosen: { product: Product | undefined; hasTemplate: boolean },
): Missing[] {
  const missing: Missing[] = [];
  if (!chosen.product) missing.push('size');
  if (!draft.cycle) missing.push('cycle');
  if (!chosen.hasTemplate) missing.push('image');
  if (!HOSTNAME_OK.test(draft.hostname)) missing.push('hostname');
  if (draft.username === '') missing.push('username');
  if (draft.password === '' && draft.keyIds.length === 0) missing.push('credentials');
  return missing;
}
