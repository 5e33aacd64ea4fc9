import { randomBytes, timingSafeEqual } from 'node:crypto';
import { desEncryptBlock } from './des.js';

function reverseBits(b: number): number {
  let r = 0;
  for (let i = 0; i < 8; i++) r |= ((b >> i) & 1) << (7 - i);
  return r;
}

/** The DES key VNC derives from a password: its first 8 bytes, zero-padded, each byte bit-reversed. */
export function vncKey(password: string): Uint8Array {
  const bytes = Buffer.from(password, 'utf8');
  return Uint8Array.from({ length: 8 }, (_, i) => reverseBits(bytes[i] ?? 0));
}

/** The 16-byte response a VNC client sends for `challenge` (two DES-ECB blocks). */
export function vncAuthResponse(password: string, challenge: Uint8Array): Uint8Array {
  const key = vncKey(password);
  const out = new Uint8Array(16);
  out.set(desEncryptBlock(key, challenge.subarray(0, 8)), 0);
  out.set(desEncryptBlock(key, challenge.subarray(8, 16)), 8);
  return out;
}

/** A fresh random 16-byte challenge. */
export function vncChallenge(): Uint8Array {
  return Uint8Array.from(randomBytes(16));
}

/** Whether `response` answers `challenge` for `password`, compared in constant time. */
export function vncAuthValid(password: string, challenge: Uint8Array, response: Uint8Array): boolean {
  const expected = vncAuthResponse(password, challenge);
  return response.length === 16 && timingSafeEqual(expected, response);
}
