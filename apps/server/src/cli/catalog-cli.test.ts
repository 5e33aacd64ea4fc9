import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, stringify } from 'yaml';
import { dropDatabase, freshDatabase } from '../../test/harness.js';
import { admin } from '../../test/processes.js';
import { DEFAULT_CATALOG } from '../domains/catalog/seed.js';

let env: Record<string, string>;
let dir: string;
let db: pg.Client;
beforeAll(async () => {
  env = { DATABASE_URL: await freshDatabase() };
  dir = mkdtempSync(path.join(tmpdir(), 'nimbus-catalog-'));
  db = new pg.Client({ connectionString: env.DATABASE_URL });
  await db.connect();
});
afterAll(async () => {
  await db.end();
  rmSync(dir, { recursive: true, force: true });
  await dropDatabase(env.DATABASE_URL!);
});

function file(name: string, content: unknown): string {
  const p = path.join(dir, name);
  writeFileSync(p, typeof content === 'string' ? content : stringify(content));
  return p;
}

const minimal = () => ({
  images: [{ code: 'debian-12', name: 'Debian 12', distribution: 'Debian' }],
  regions: [
    {
      code: 'hk',
      name: 'Hong Kong',
      countryCode: 'hk',
      groups: [
        {
          code: 'standard',
          name: 'Standard',
          products: [
            {
              code: 'small',
              name: 'Small',
              cores: 1,
              memoryMb: 1024,
              diskGb: 20,
              prices: { monthly: '4.50' },
              images: ['debian-12'],
            },
          ],
        },
      ],
    },
  ],
});

describe('catalog:import and catalog:export', () => {
  it('imports the default catalogue and exports it again, round trip stable', async () => {
    const r = await admin(['catalog:import', DEFAULT_CATALOG], env);
    expect([r.code, r.stdout.trim()]).toEqual([0, `imported 5 regions and 23 products from ${DEFAULT_CATALOG}`]);
    const ids = (await db.query('select id, code from products order by id')).rows;
    const exported = await admin(['catalog:export'], env);
    const yaml = parse(exported.stdout) as {
      regions: { code: string; groups: { products: { prices: object }[] }[] }[];
    };
    expect(yaml.regions.map((x) => x.code)).toEqual(['hk', 'jp', 'sg', 'us', 'de']);
    expect(yaml.regions[0]!.groups[0]!.products[0]!.prices).toEqual({
      monthly: '5.00',
      quarterly: '14.25',
      semi_annually: '27.00',
      annually: '51.00',
      biennially: '96.00',
    });
    const again = await admin(['catalog:import', file('exported.yaml', exported.stdout)], env);
    expect(again.code).toBe(0);
    expect((await db.query('select id, code from products order by id')).rows).toEqual(ids);
    expect((await admin(['catalog:export'], env)).stdout).toBe(exported.stdout);
  });

  it('names every bad field and changes nothing', async () => {
    const before = (await admin(['catalog:export'], env)).stdout;
    const bad = minimal();
    const product = bad.regions[0]!.groups[0]!.products[0]! as Record<string, unknown>;
    product.prices = { monthly: '4.505', fortnightly: 2 };
    product.images = ['debian-12', 'plan9'];
    product.cores = 0;
    (bad.regions[0] as Record<string, unknown>).countryCode = 'HKG';
    bad.images.push({ code: 'debian-12', name: 'Again', distribution: 'Debian' });
    bad.regions.push({ ...bad.regions[0]!, code: 'mars', countryCode: 'ma' });
    const r = await admin(['catalog:import', file('bad.yaml', bad)], env);
    expect(r.code).toBe(1);
    for (const line of [
      'images[1].code: duplicate image "debian-12"',
      'regions[0].countryCode: two lowercase letters',
      'regions[0].groups[0].products[0].cores: at least 1',
      'regions[0].groups[0].products[0].prices.monthly: an amount such as 5 or 5.00 (at most 2 decimals)',
      'regions[0].groups[0].products[0].prices: Unrecognized key: "fortnightly"',
      'regions[0].groups[0].products[0].images[1]: no image "plan9" in images',
    ]) {
      expect(r.stderr).toContain(line);
    }
    const compute = minimal();
    compute.regions[0]!.code = 'mars';
    const r2 = await admin(['catalog:import', file('mars.yaml', compute)], env);
    expect(r2.stderr).toContain('regions[0].code: no compute region "mars" (COMPUTE_CONFIG has hk, jp, sg, us)');
    expect((await admin(['catalog:import', file('broken.yaml', 'images: [oops')], env)).stderr).toContain(
      '(file): not YAML',
    );
    expect((await admin(['catalog:import', path.join(dir, 'missing.yaml')], env)).stderr).toContain('cannot read');
    expect((await admin(['catalog:export'], env)).stdout).toBe(before);
  });

  it('sanitises descriptions and refuses to drop a product that instances use', async () => {
    const c = minimal();
    const group = c.regions[0]!.groups[0]! as Record<string, unknown>;
    group.description =
      '<p onclick="steal()">Fast <script>alert(1)</script><a href="javascript:alert(1)">x</a> <a href="https://example.com">docs</a></p><style>p{}</style>';
    expect((await admin(['catalog:import', file('html.yaml', c)], env)).code).toBe(0);
    const { rows } = await db.query('select description from product_groups');
    expect(rows[0].description).toBe(
      '<p>Fast <a target="_blank" rel="noopener noreferrer nofollow">x</a> <a href="https://example.com" target="_blank" rel="noopener noreferrer nofollow">docs</a></p>',
    );
    const product = (
      await db.query('select p.id, g.region_id from products p join product_groups g on g.id = p.group_id')
    ).rows[0];
    const user = await admin(['user:create', '--email', 'owner@example.com', '--password', 'owner-pass-1'], env);
    expect(user.code).toBe(0);
    await db.query(
      `insert into instances (user_id, product_id, image_id, region_id, cluster, hostname, username, status, cycle, price, currency, due_at)
       select u.id, $1, (select id from images limit 1), $2, 'hk/hk-1', 'kept', 'ada', 'available', 'monthly', 450, 'USD', now()
       from users u where email = 'owner@example.com'`,
      [product.id, product.region_id],
    );
    const dropped = minimal();
    dropped.regions[0]!.groups[0]!.products[0]!.code = 'renamed';
    const r = await admin(['catalog:import', file('dropped.yaml', dropped)], env);
    expect(r.stderr).toContain(
      'product "small" is used by 1 instance(s): keep it in the file, with ord set to hide it',
    );
    expect((await db.query('select code from products')).rows).toEqual([{ code: 'small' }]);
    expect(readFileSync(DEFAULT_CATALOG, 'utf8')).toContain('ord: 1');
  });
});

describe('promo:create, promo:list and promo:disable', () => {
  it('creates, lists and disables promotions, refusing bad flags', async () => {
    const ok = await admin(
      [
        'promo:create',
        '--code',
        'SPRING',
        '--percent',
        '15',
        '--ends',
        '2030-01-01',
        '--max-uses',
        '100',
        '--cycles',
        'monthly,annually',
      ],
      env,
    );
    expect([ok.code, ok.stdout.trim()]).toEqual([0, 'created promotion SPRING (15% off)']);
    const fixed = await admin(['promo:create', '--code', 'FIVE', '--amount', '5', '--max-uses-per-user', '1'], env);
    expect(fixed.stdout.trim()).toBe('created promotion FIVE (5.00 USD off, 1 per customer)');
    for (const [args, message] of [
      [['--code', 'X'], 'give either --percent or --amount'],
      [['--code', 'X', '--percent', '0'], '--percent must be a whole number from 1 to 100'],
      [['--code', 'X', '--amount', '-1'], '--amount must be'],
      [['--code', 'bad code', '--percent', '5'], '--code must be letters'],
      [['--code', 'X', '--percent', '5', '--cycles', 'weekly'], '--cycles: "weekly" is not valid'],
      [
        ['--code', 'X', '--percent', '5', '--starts', '2030-01-02', '--ends', '2030-01-01'],
        '--ends must be after --starts',
      ],
      [['--code', 'spring', '--percent', '5'], 'a promotion spring exists already'],
    ] as const) {
      const r = await admin(['promo:create', ...args], env);
      expect([r.code, r.stderr], args.join(' ')).toEqual([1, expect.stringContaining(message)]);
    }
    expect((await admin(['promo:disable', '--code', 'spring'], env)).stdout.trim()).toBe('disabled promotion spring');
    expect((await admin(['promo:disable', '--code', 'spring'], env)).stderr).toContain('no active promotion spring');
    const list = (await admin(['promo:list'], env)).stdout.trim().split('\n');
    expect(list[0]).toBe('code\tdiscount\tuses\tstarts\tends\tproducts\tcycles\tstate');
    expect(list[1]).toMatch(
      /^SPRING\t15% off\t0\/100 used\t-\t2030-01-01T00:00:00.000Z\tall\tmonthly,annually\tdisabled$/,
    );
    expect(list[2]).toMatch(/^FIVE\t5.00 USD off, 1 per customer\t0 used\t-\t-\tall\tall\tactive$/);
  });
});
