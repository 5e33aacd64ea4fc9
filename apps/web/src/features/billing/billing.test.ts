import { describe, expect, it } from 'vitest';
import { checkTopUpAmount, topUpFor } from '../../lib/payments/top-up-amount';
import { signedMoney } from './money';
import { parseBillingSearch } from './search';

describe('parseBillingSearch', () => {
  it('keeps the known parameters and drops malformed ones', () => {
    expect(parseBillingSearch({ payment_id: '12', tab: 'transactions', status: 'unpaid', page: 3 })).toEqual({
      invoice_id: undefined,
      payment_id: 12,
      tab: 'transactions',
      status: 'unpaid',
      page: 3,
    });
    expect(parseBillingSearch({ payment_id: '-1', tab: 'x', status: 'refunded', page: 1 })).toEqual({
      invoice_id: undefined,
      payment_id: undefined,
      tab: undefined,
      status: undefined,
      page: undefined,
    });
  });

  it('keeps an invoice_id as given, so a bad one ends in the not-found warning', () => {
    expect(parseBillingSearch({ invoice_id: 42 }).invoice_id).toBe('42');
    expect(parseBillingSearch({ invoice_id: 'abc' }).invoice_id).toBe('abc');
    expect(parseBillingSearch({ invoice_id: '' }).invoice_id).toBeUndefined();
  });
});

describe('checkTopUpAmount', () => {
  const limits = { Min: 500, Max: 100_000 };
  it('answers the field error the server would', () => {
    expect(checkTopUpAmount(null, limits)).toEqual({ ok: false, error: 'invalid_value' });
    expect(checkTopUpAmount(499, limits)).toEqual({ ok: false, error: 'amount_too_small' });
    expect(checkTopUpAmount(100_001, limits)).toEqual({ ok: false, error: 'amount_too_large' });
    expect(checkTopUpAmount(500, limits)).toEqual({ ok: true, amount: 500 });
    expect(checkTopUpAmount(100_000, limits)).toEqual({ ok: true, amount: 100_000 });
  });
});

describe('signedMoney', () => {
  it('always shows the sign of a ledger amount', () => {
    expect(signedMoney(1250, 'USD')).toBe('+12.50 USD');
    expect(signedMoney(-300, 'USD')).toBe('-3.00 USD');
    expect(signedMoney(0, 'USD')).toBe('0.00 USD');
  });
});

describe('topUpFor', () => {
  const limits = { Min: 500, Max: 100_000 };
  it('offers the shortfall itself, raised to the minimum and capped at the maximum', () => {
    expect(topUpFor(2550, limits)).toBe(2550);
    expect(topUpFor(1, limits)).toBe(500);
    expect(topUpFor(250_000, limits)).toBe(100_000);
  });
});
