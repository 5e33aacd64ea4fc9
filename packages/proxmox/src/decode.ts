// Proxmox is a Perl backend: numbers may arrive as strings, booleans as 0/1 or "1", keys may be missing.
// These helpers coerce instead of checking typeof, so a loosely typed answer still decodes.

/** A decoded JSON object (anything else decodes as an empty object). */
export type Obj = Record<string, unknown>;

/** Returns the value as an object, or {} when it is not one. */
export function obj(value: unknown): Obj {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Obj) : {};
}

/** Returns the value as an array, or [] when it is not one. */
export function arr(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** Coerces to a finite number, or undefined ("105", 105, " 1.5 " all work). */
export function optNum(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'string' && value.trim() !== '') {
    const n = Number(value);
    return Number.isFinite(n) ? n : undefined;
  }
  if (typeof value === 'boolean') return value ? 1 : 0;
  return undefined;
}

/** Coerces to a number, with a fallback (default 0) for missing or malformed values. */
export function num(value: unknown, fallback = 0): number {
  return optNum(value) ?? fallback;
}

/** Coerces 0/1, "0"/"1", true/false, "yes"/"on" to a boolean, or undefined. */
export function optBool(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'number') return value !== 0;
  if (typeof value === 'string') {
    const v = value.trim().toLowerCase();
    if (['1', 'true', 'yes', 'on'].includes(v)) return true;
    if (['0', 'false', 'no', 'off', ''].includes(v)) return false;
  }
  return undefined;
}

/** Coerces to a boolean with a fallback (default false). */
export function bool(value: unknown, fallback = false): boolean {
  return optBool(value) ?? fallback;
}

/** Coerces scalars to a string, or undefined for missing/non-scalar values. */
export function optStr(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return undefined;
}

/** Coerces to a string with a fallback (default ''). */
export function str(value: unknown, fallback = ''): string {
  return optStr(value) ?? fallback;
}

/** Converts every scalar entry of an object to a string (config values are strings in Proxmox). */
export function stringRecord(value: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(obj(value))) {
    const s = optStr(v);
    if (s !== undefined) out[k] = s;
  }
  return out;
}
