/**
 * A record's id from a route's path or search, or null when it cannot be one: a whole number from
 * 1 to `max` (MAX_INSTANCE_ID for instances) written in plain digits (no sign, zeros in front, exponent or fraction). The search
 * arrives JSON-parsed by the router ("5" becomes 5), so a number is read as its digits.
 */
export function routeId(raw: unknown, max = Number.MAX_SAFE_INTEGER): number | null {
  const text = typeof raw === 'number' ? String(raw) : raw;
  return typeof text === 'string' && /^[1-9]\d{0,15}$/.test(text) && Number(text) <= max ? Number(text) : null;
}

/** The largest instance id the server takes (32-bit keys: SERIAL_ID_MAX in the contract's query.ts). */
export const MAX_INSTANCE_ID = 2 ** 31 - 1;
