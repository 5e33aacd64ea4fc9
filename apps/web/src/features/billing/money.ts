import { formatMinor } from '@nimbus/contract';

/** An amount in minor units with 2 decimals and its currency: "12.50 USD". */
export const money = (minor: number, currency: string) => `${formatMinor(minor)} ${currency}`;

/** A ledger amount with its sign always shown: "+12.50 USD", "-3.00 USD". */
export const signedMoney = (minor: number, currency: string) => `${minor > 0 ? '+' : ''}${money(minor, currency)}`;

export type AmountCheck =
  { ok: true; amount: number } | { ok: false; error: 'invalid_value' | 'amount_too_small' | 'amount_too_large' };

/** The top-up amount a customer typed, checked against the operator's limits before it is sent. */
export function checkTopUpAmount(amount: number | null, limits: { Min: number; Max: number }): AmountCheck {
  if (amount === null || amount <= 0) return { ok: false, error: 'invalid_value' };
  if (amount < limits.Min) return { ok: false, error: 'amount_too_small' };
  if (amount > limits.Max) return { ok: false, error: 'amount_too_large' };
  return { ok: true, amount };
}
