/** A value the client can send: scalars, lists (joined with commas, as Proxmox's `-list` formats expect). */
export type ParamValue = string | number | boolean | readonly (string | number)[] | null | undefined;

/** Request parameters; `undefined` and `null` entries are dropped. */
export type Params = Record<string, ParamValue>;

// Proxmox's `urlencoded` format validator (pve-common JSONSchema.pm pve_verify_urlencoded).
const URLENCODED = /^[-%a-zA-Z0-9_.!~*'()]*$/;

/** Converts one parameter to the string Proxmox expects (booleans as 1/0), or undefined to omit it. */
export function paramToString(value: ParamValue): string | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'boolean') return value ? '1' : '0';
  if (Array.isArray(value)) return value.join(',');
  return String(value);
}

function pairs(params: Params | undefined): string {
  if (!params) return '';
  const out: string[] = [];
  for (const [key, value] of Object.entries(params)) {
    const s = paramToString(value);
    // encodeURIComponent, not URLSearchParams: spaces must be %20, never '+', for sshkeys to survive.
    if (s !== undefined) out.push(`${encodeURIComponent(key)}=${encodeURIComponent(s)}`);
  }
  return out.join('&');
}

/** Encodes a POST/PUT body as application/x-www-form-urlencoded. */
export function encodeForm(params: Params | undefined): string {
  return pairs(params);
}

/** Encodes GET/DELETE parameters as a query string including the leading `?` (or '' when empty). */
export function encodeQuery(params: Params | undefined): string {
  const q = pairs(params);
  return q ? `?${q}` : '';
}

/** Tagged template that percent-encodes every interpolated path segment (UPIDs, volids, names). */
export function apiPath(strings: TemplateStringsArray, ...values: (string | number)[]): string {
  return strings.reduce((acc, s, i) => acc + s + (i < values.length ? encodeURIComponent(String(values[i])) : ''), '');
}

/**
 * Encodes SSH public keys for the `sshkeys` config key. Proxmox wants the newline-joined keys
 * percent-encoded once (spaces as %20); the form body then encodes them again (%20 → %2520).
 */
export function encodeSshKeys(keys: string | readonly string[]): string {
  const text = typeof keys === 'string' ? keys : keys.map((k) => k.trim()).join('\n');
  return encodeURIComponent(text);
}

/**
 * Normalises a caller's `sshkeys`: a list is raw keys; a string that already passes Proxmox's
 * urlencoded check (e.g. read back from GET config) is kept, anything else is raw text and encoded.
 */
export function normaliseSshKeys(value: string | readonly string[]): string {
  if (typeof value !== 'string') return encodeSshKeys(value);
  return URLENCODED.test(value) ? value : encodeSshKeys(value);
}

/** Decodes an `sshkeys` value as returned by GET config into the individual keys. */
export function decodeSshKeys(value: string): string[] {
  return decodeURIComponent(value)
    .split('\n')
    .map((k) => k.trim())
    .filter((k) => k !== '');
}

/** Builds an indexed config key such as `net0` or `ipconfig1`. */
export function indexedKey(prefix: string, index: number): string {
  if (!Number.isInteger(index) || index < 0) throw new RangeError(`bad index ${index} for ${prefix}`);
  return `${prefix}${index}`;
}

/** Splits an indexed key (`scsi12`) into prefix and index, or undefined for plain keys. */
export function parseIndexedKey(key: string): { prefix: string; index: number } | undefined {
  const m = /^([a-z]+)(\d+)$/.exec(key);
  return m ? { prefix: m[1] ?? '', index: Number(m[2]) } : undefined;
}

/** Collects all values of one indexed family (`net0`, `net1`, …) from a config, keyed by index. */
export function indexedEntries(config: Record<string, unknown>, prefix: string): Map<number, string> {
  const out = new Map<number, string>();
  for (const [key, value] of Object.entries(config)) {
    const parsed = parseIndexedKey(key);
    if (parsed?.prefix === prefix && value !== undefined && value !== null) out.set(parsed.index, String(value));
  }
  return out;
}
