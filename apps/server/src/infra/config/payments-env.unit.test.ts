import { describe, expect, it } from 'vitest';
import { loadConfig, startWarnings } from './env.js';

describe('payment settings', () => {
  it('defaults to the sandbox, and to Stripe once its secret key is set', () => {
    expect(loadConfig({})).toMatchObject({
      PAYMENT_GATEWAYS: ['sandbox'],
      TOPUP_MIN: 100,
      TOPUP_MAX: 1_000_000,
      TOPUP_PRESETS: [1000, 2000, 5000, 10000],
    });
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig(stripe).PAYMENT_GATEWAYS).toEqual(['stripe']);
    expect(loadConfig({ ...stripe, PAYMENT_GATEWAYS: 'sandbox, stripe,sandbox' }).PAYMENT_GATEWAYS).toEqual([
      'sandbox',
      'stripe',
    ]);
    expect(loadConfig({ TOPUP_PRESETS: '500, 2500' }).TOPUP_PRESETS).toEqual([500, 2500]);
  });

  it('offers the sandbox by default only on the embedded demo, never beside real compute', () => {
    const real = { COMPUTE_CONFIG: '/etc/nimbus/compute.json' };
    expect(loadConfig({}).PAYMENT_GATEWAYS).toEqual(['sandbox']);
    expect(startWarnings(loadConfig({}))).toEqual([]);
    // Real clusters and no gateway named: no gateway at all, so top-ups are off.
    expect(loadConfig(real).PAYMENT_GATEWAYS).toEqual([]);
    expect(startWarnings(loadConfig(real))).toEqual([]);
    // Named by the operator: on, with a warning for every start.
    const named = loadConfig({ ...real, PAYMENT_GATEWAYS: 'sandbox' });
    expect(named.PAYMENT_GATEWAYS).toEqual(['sandbox']);
    expect(startWarnings(named)).toEqual([expect.stringMatching(/sandbox beside real compute/)]);
    const stripe = { STRIPE_SECRET_KEY: 'sk_live_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(loadConfig({ ...real, ...stripe }).PAYMENT_GATEWAYS).toEqual(['stripe']);
    expect(startWarnings(loadConfig({ ...real, ...stripe }))).toEqual([]);
    // `none` turns the demo's sandbox off too.
    expect(loadConfig({ PAYMENT_GATEWAYS: 'none' }).PAYMENT_GATEWAYS).toEqual([]);
  });

  it('refuses gateways it does not know, Stripe without its secrets, and limits the wrong way round', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'paypal' })).toThrow(/unknown gateway paypal/);
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ TOPUP_MIN: '5000', TOPUP_MAX: '100' })).toThrow(/TOPUP_MIN/);
    expect(() => loadConfig({ TOPUP_PRESETS: '10,ten' })).toThrow(/TOPUP_PRESETS/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });

  it('refuses Stripe with a currency whose smallest unit is not a hundredth', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x' };
    expect(() => loadConfig({ ...stripe, CURRENCY: 'JPY' })).toThrow(/stripe needs a currency with two decimals/);
    expect(loadConfig({ ...stripe, CURRENCY: 'EUR' }).PAYMENT_GATEWAYS).toEqual(['stripe']);
    expect(loadConfig({ CURRENCY: 'JPY' }).PAYMENT_GATEWAYS).toEqual(['sandbox']);
  });

  it('takes an affiliate rate with up to two decimals, whatever binary floating point makes of it', () => {
    for (const rate of ['1.1', '2.3', '4.35', '0.57', '12.5'])
      expect(loadConfig({ AFFILIATE_RATE: rate }).AFFILIATE_RATE).toBe(Number(rate));
    expect(() => loadConfig({ AFFILIATE_RATE: '1.234' })).toThrow(/AFFILIATE_RATE/);
  });
});
