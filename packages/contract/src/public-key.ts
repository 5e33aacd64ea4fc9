/** The key types accepted (docs/product/accounts.md#ssh-keys), as they open an OpenSSH public key line. */
export const SSH_KEY_TYPES = [
  'ssh-rsa',
  'ecdsa-sha2-nistp256',
  'ecdsa-sha2-nistp384',
  'ecdsa-sha2-nistp521',
  'ssh-ed25519',
  'ssh-dss',
] as const;
export type SshKeyType = (typeof SSH_KEY_TYPES)[number];

/** A key-type prefix, one space, base64 text with up to 3 "=", then an optional comment. */
export const PUBLIC_KEY_PATTERN =
  /^(ssh-rsa|ecdsa-sha2-nistp(?:256|384|521)|ssh-ed25519|ssh-dss) ([A-Za-z0-9+/]+={0,3})(?:[ \t]([^\r\n]*))?$/;

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Strict base64: padding, when present, must be exactly what the length needs. */
function decodeBase64(text: string): Uint8Array | null {
  const data = text.replace(/=+$/, '');
  const padding = text.length - data.length;
  if (data.length % 4 === 1) return null;
  if (padding > 0 && (data.length + padding) % 4 !== 0) return null;
  const out = new Uint8Array(Math.floor((data.length * 3) / 4));
  let value = 0;
  let bits = 0;
  let at = 0;
  for (const char of data) {
    const digit = BASE64.indexOf(char);
    if (digit < 0) return null;
    value = (value << 6) | digit;
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out[at++] = (value >> bits) & 0xff;
      value &= (1 << bits) - 1;
    }
  }
  return out;
}

/** Splits an SSH wire-format blob into its length-prefixed strings; null when one overruns. */
function readStrings(blob: Uint8Array): Uint8Array[] | null {
  const parts: Uint8Array[] = [];
  let at = 0;
  while (at < blob.length) {
    if (at + 4 > blob.length) return null;
    const length = ((blob[at]! << 24) >>> 0) + (blob[at + 1]! << 16) + (blob[at + 2]! << 8) + blob[at + 3]!;
    at += 4;
    if (at + length > blob.length) return null;
    parts.push(blob.subarray(at, at + length));
    at += length;
  }
  return parts;
}

const ascii = (bytes: Uint8Array) => String.fromCharCode(...bytes);

/** Whether the blob's fields are those of its type: RFC 4253 §6.6, RFC 5656 §3.1, RFC 8709 §4. */
function wellFormed(type: SshKeyType, parts: Uint8Array[]): boolean {
  switch (type) {
    case 'ssh-rsa':
      return parts.length === 3;
    case 'ssh-dss':
      return parts.length === 5;
    case 'ssh-ed25519':
      return parts.length === 2 && parts[1]!.length === 32;
    default:
      return parts.length === 3 && ascii(parts[1]!) === type.slice('ecdsa-sha2-'.length) && parts[2]!.length > 0;
  }
}

export interface PublicKey {
  type: SshKeyType;
  /** The decoded key blob, whose SHA-256 is the OpenSSH fingerprint. */
  blob: Uint8Array;
  comment: string;
}

/**
 * Parses one OpenSSH public key line. Beyond PUBLIC_KEY_PATTERN, the base64 must decode to a key
 * blob whose embedded type is the prefix and whose fields are complete, so that a corrupted or
 * truncated paste is refused rather than stored. Returns null for anything else.
 */
export function parsePublicKey(text: string): PublicKey | null {
  const match = PUBLIC_KEY_PATTERN.exec(text.trim());
  if (!match) return null;
  const type = SSH_KEY_TYPES.find((t) => t === match[1]);
  const blob = decodeBase64(match[2]!);
  const parts = blob && readStrings(blob);
  if (!type || !blob || !parts || parts.length === 0 || ascii(parts[0]!) !== type) return null;
  if (!wellFormed(type, parts)) return null;
  return { type, blob, comment: (match[3] ?? '').trim() };
}
