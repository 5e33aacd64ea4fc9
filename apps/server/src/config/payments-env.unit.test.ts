import { describe, expect, it } from 'vitest';
import { loadConfig } from './env.js';

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

  it('refuses gateways it does not know, Stripe without its secrets, and limits the wrong way round', () => {
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'paypal' })).toThrow(/unknown gateway paypal/);
    expect(() => loadConfig({ PAYMENT_GATEWAYS: 'stripe', STRIPE_SECRET_KEY: 'sk_test_x' })).toThrow(
      /stripe needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ TOPUP_MIN: '5000', TOPUP_MAX: '100' })).toThrow(/TOPUP_MIN/);
    expect(() => loadConfig({ TOPUP_PRESETS: '10,ten' })).toThrow(/TOPUP_PRESETS/);
    expect(() => loadConfig({ STRIPE_API_BASE: 'ftp://x' })).toThrow(/STRIPE_API_BASE/);
  });
});
