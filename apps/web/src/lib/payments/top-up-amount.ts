export type AmountCheck =
  { ok: true; amount: number } | { ok: false; error: 'invalid_value' | 'amount_too_small' | 'amount_too_large' };

/** The top-up amount a customer typed, checked against the operator's limits before it is sent. */
export function checkTopUpAmount(amount: number | null, limits: { Min: number; Max: number }): AmountCheck {
  if (amount === null || amount <= 0) return { ok: false, error: 'invalid_value' };
  if (amount < limits.Min) return { ok: false, error: 'amount_too_small' };
  if (amount > limits.Max) return { ok: false, error: 'amount_too_large' };
  return { ok: true, amount };
}

/** The amount offered to cover a shortfall: the shortfall itself, within the operator's limits. */
export const topUpFor = (shortfall: number, limits: { Min: number; Max: number }) =>
  Math.min(Math.max(shortfall, limits.Min), limits.Max);
