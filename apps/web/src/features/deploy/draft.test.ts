import type { Product, Region } from '@nimbus/contract';
import { describe, expect, it } from 'vitest';
import {
  cascade,
  chooseGroup,
  initialSelection,
  missingForDeploy,
  newDraft,
  priced,
  pricedCycles,
  randomHostname,
  randomPassword,
  regionClosedReason,
  restoredDraft,
  select,
  templateLabel,
} from './draft';
import { parseDeploySearch } from './search';

const product = (Id: number, extra: Partial<Product> = {}): Product => ({
  Id,
  Name: `p${Id}`,
  Description: '',
  Ord: null,
  Price: { monthly: 500, quarterly: 1425 },
  Currency: 'USD',
  Cores: 1,
  Memory: 1024,
  Disk: 25,
  Bandwidth: 1000,
  BackupQuota: 1,
  SnapshotQuota: 1,
  Stock: null,
  ...extra,
});

const REGIONS: Region[] = [
  { Id: 9, Name: 'Closed', Description: '', CountryCode: 'de', Groups: [] },
  {
    Id: 1,
    Name: 'Hong Kong',
    Description: '',
    CountryCode: 'hk',
    Groups: [
      { Id: 10, Name: 'Standard', Description: '', Products: [product(100, { Ord: 1 }), product(101), product(102)] },
      { Id: 11, Name: 'Performance', Description: '', Products: [product(110, { Price: { annually: 9000 } })] },
    ],
  },
  {
    Id: 2,
    Name: 'Tokyo',
    Description: '',
    CountryCode: 'jp',
    Groups: [{ Id: 20, Name: 'Standard', Description: '', Products: [product(200), product(201)] }],
  },
];

describe('the deploy selection cascade', () => {
  it('starts on the first open region, its first group, its first visible product and first priced cycle', () => {
    expect(initialSelection(REGIONS, {})).toEqual({ regionId: 1, groupId: 10, productId: 101, cycle: 'monthly' });
  });

  it('follows product_id to its region and group, and region_id to its first choices', () => {
    expect(initialSelection(REGIONS, { product_id: 110 })).toEqual({
      regionId: 1,
      groupId: 11,
      productId: 110,
      cycle: 'annually',
    });
    expect(initialSelection(REGIONS, { region_id: 2 })).toEqual({
      regionId: 2,
      groupId: 20,
      productId: 200,
      cycle: 'monthly',
    });
  });

  it('ignores a hidden product, a closed region and ids that point nowhere', () => {
    expect(initialSelection(REGIONS, { product_id: 100 }).productId).toBe(101);
    expect(initialSelection(REGIONS, { region_id: 9 }).regionId).toBe(1);
    expect(initialSelection(REGIONS, { region_id: 77, group_id: 78, product_id: 79 }).productId).toBe(101);
  });

  it('keeps a choice the new region still holds and resets the rest', () => {
    expect(cascade(REGIONS[1], 11, 101)).toMatchObject({ groupId: 10, productId: 101 });
    expect(cascade(REGIONS[2], 10, 101)).toMatchObject({ regionId: 2, groupId: 20, productId: 200 });
    expect(select(REGIONS, { regionId: 1, groupId: 10, productId: 100 }).product).toBeUndefined();
    expect(pricedCycles(REGIONS[1]!.Groups[1]!.Products[0])).toEqual(['annually']);
  });

  it('moves to a chosen type and its first size, away from the size chosen in another type', () => {
    expect(chooseGroup(REGIONS[1], 11)).toEqual({ regionId: 1, groupId: 11, productId: 110, cycle: 'annually' });
    expect(chooseGroup(REGIONS[1], 10)).toEqual({ regionId: 1, groupId: 10, productId: 101, cycle: 'monthly' });
  });
});

describe('regions that cannot be chosen', () => {
  it('closes a region with no groups, and one whose every size is sold out, each with its reason', () => {
    const soldOut: Region = {
      Id: 3,
      Name: 'Singapore',
      Description: '',
      CountryCode: 'sg',
      Groups: [
        {
          Id: 30,
          Name: 'Standard',
          Description: '',
          Products: [product(300, { Stock: 0 }), product(301, { Stock: 0 })],
        },
      ],
    };
    const lastOne: Region = {
      ...soldOut,
      Groups: [
        {
          Id: 30,
          Name: 'Standard',
          Description: '',
          Products: [product(300, { Stock: 0 }), product(301, { Stock: 1 })],
        },
      ],
    };
    expect([REGIONS[0]!, soldOut, lastOne, REGIONS[1]!].map(regionClosedReason)).toEqual([
      'noGroups',
      'soldOut',
      null,
      null,
    ]);
    expect(initialSelection([soldOut, REGIONS[2]!], parseDeploySearch({})).regionId).toBe(2);
  });
});

describe('what a deploy still lacks', () => {
  const draft = {
    regionId: 1,
    groupId: 10,
    productId: 101,
    cycle: 'monthly' as const,
    templateId: null,
    templateName: '',
    promoCode: '',
    hostname: 'ECS-abc123',
    username: 'root',
    password: '',
    keyIds: [],
    originalPrice: 500,
    calculatedPrice: 500,
    startAfterReinstall: true,
  };
  const p = REGIONS[1]!.Groups[0]!.Products[1];

  it('names the image and the credentials of a fresh draft, in the page order', () => {
    expect(missingForDeploy(draft, { product: p, hasTemplate: false })).toEqual(['image', 'credentials']);
  });

  it('takes an SSH key instead of a password, and lacks nothing once all is filled', () => {
    expect(missingForDeploy({ ...draft, keyIds: [3] }, { product: p, hasTemplate: true })).toEqual([]);
    expect(missingForDeploy({ ...draft, password: 'x' }, { product: p, hasTemplate: true })).toEqual([]);
  });

  it('names a bad hostname, an empty username, no size and no cycle', () => {
    expect(
      missingForDeploy(
        { ...draft, hostname: 'E', username: '', cycle: null, password: 'x' },
        { product: undefined, hasTemplate: true },
      ),
    ).toEqual(['size', 'cycle', 'hostname', 'username']);
  });
});

describe('the draft’s prices and its return from a top-up', () => {
  const fresh = newDraft(REGIONS, { product_id: 102 });

  it('starts with the original price as the price to pay, and no promotion', () => {
    expect(fresh).toMatchObject({
      productId: 102,
      cycle: 'monthly',
      promoCode: '',
      originalPrice: 500,
      calculatedPrice: 500,
      startAfterReinstall: true,
    });
  });

  it('keeps a promotion quote until the code is dropped, and reprices a new cycle', () => {
    const promoted = priced({ ...fresh, promoCode: 'SPRING', calculatedPrice: 400 }, REGIONS);
    expect([promoted.originalPrice, promoted.calculatedPrice]).toEqual([500, 400]);
    expect(priced({ ...promoted, promoCode: '', cycle: 'quarterly' }, REGIONS)).toMatchObject({
      originalPrice: 1425,
      calculatedPrice: 1425,
    });
  });

  it('takes back a stored draft whose choices are still on sale, and refuses anything else', () => {
    const stored = JSON.parse(JSON.stringify({ ...fresh, templateId: 7, templateName: 'Debian 12', password: 'pw' }));
    expect(restoredDraft(REGIONS, stored)).toEqual({
      ...fresh,
      templateId: 7,
      templateName: 'Debian 12',
      password: 'pw',
    });
    expect(restoredDraft(REGIONS, { ...stored, productId: 999 })).toBeNull();
    expect(restoredDraft(REGIONS, { ...stored, keyIds: 'all' })).toBeNull();
    expect(restoredDraft(REGIONS, 'draft')).toBeNull();
  });
});

describe('generated credentials', () => {
  it('makes ECS- hostnames and 16-character passwords with mixed characters', () => {
    for (let i = 0; i < 50; i++) {
      expect(randomHostname()).toMatch(/^ECS-[A-Za-z0-9]{6}$/);
      const password = randomPassword();
      expect(password).toHaveLength(16);
      expect(password).toMatch(/[a-z]/);
      expect(password).toMatch(/[A-Z]/);
      expect(password).toMatch(/\d/);
    }
  });
});

describe('the /deploy search parameters', () => {
  it('keeps integers and strings, names the rest and clears their raw values', () => {
    expect(parseDeploySearch({ region_id: 3, group_id: '4', product_id: 5, promo_code: 'SPRING' })).toEqual({
      region_id: 3,
      group_id: 4,
      product_id: 5,
      promo_code: 'SPRING',
    });
    const parsed = parseDeploySearch({ region_id: 1.5, group_id: 'abc', product_id: -3, promo_code: { a: 1 } });
    expect(parsed.invalid).toEqual(['region_id', 'group_id', 'product_id', 'promo_code']);
    expect({ ...parsed, invalid: undefined }).toEqual({
      region_id: undefined,
      group_id: undefined,
      product_id: undefined,
      promo_code: undefined,
      invalid: undefined,
    });
    expect(parseDeploySearch({ promo_code: 2024 })).toEqual({ promo_code: '2024' });
  });
});

describe('templateLabel', () => {
  it('names the distribution once', () => {
    expect(templateLabel({ Id: 1, Name: 'Debian 12 (Bookworm)', Distribution: 'Debian' })).toBe('Debian 12 (Bookworm)');
    expect(templateLabel({ Id: 2, Name: '24.04 LTS', Distribution: 'Ubuntu' })).toBe('Ubuntu 24.04 LTS');
  });
});
