import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropDatabase, freshDatabase } from '../../test/harness.js';
import { admin } from '../../test/processes.js';

describe('admin CLI affiliate:rate', () => {
  let env: Record<string, string>;
  beforeAll(async () => {
    env = { DATABASE_URL: await freshDatabase(), AFFILIATE_RATE: '10' };
  });
  afterAll(() => dropDatabase(env.DATABASE_URL!));

  it('shows the default, stores the programme rate and a referrer’s own rate in the database', async () => {
    expect((await admin(['affiliate:rate'], env)).stdout.trim()).toBe('affiliate rate: 10% (AFFILIATE_RATE)');
    const set = await admin(['affiliate:rate', '--percent', '12.5'], env);
    expect([set.code, set.stdout.trim()]).toEqual([0, 'affiliate rate: 12.5% for new commissions']);
    // Another process (a replica) with another default reads the stored rate.
    expect((await admin(['affiliate:rate'], { ...env, AFFILIATE_RATE: '3' })).stdout.trim()).toBe(
      'affiliate rate: 12.5% (set)',
    );
    await admin(['user:create', '--email', 'ref@example.com', '--password', 'referrals!'], env);
    expect((await admin(['affiliate:rate', '--email', 'ref@example.com'], env)).stdout.trim()).toBe(
      'affiliate rate of ref@example.com: 12.5%',
    );
    await admin(['affiliate:rate', '--email', 'ref@example.com', '--percent', '20'], env);
    expect((await admin(['affiliate:rate'], env)).stdout).toBe('affiliate rate: 12.5% (set)\n  ref@example.com\t20%\n');
  });

  it('refuses a bad percent or an unknown referrer', async () => {
    const bad = await admin(['affiliate:rate', '--percent', '101'], env);
    expect([bad.code, bad.stderr.trim()]).toEqual([
      1,
      'error: --percent must be a number from 0 to 100 with at most 2 decimals',
    ]);
    const nobody = await admin(['affiliate:rate', '--email', 'nobody@example.com', '--percent', '5'], env);
    expect([nobody.code, nobody.stderr.trim()]).toEqual([1, 'error: no user nobody@example.com']);
  });
});
