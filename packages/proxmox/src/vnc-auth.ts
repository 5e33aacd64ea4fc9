import { desEncryptBlock } from './vnc-des.js';

// The client side of RFB "VNC Authentication", for a console proxy that answers Proxmox's challenge
// itself so the browser never sees the vncproxy ticket (the Convoy/coterm pattern;
// docs/decisions/0006-console-proxy.md). DES lives here in TypeScript because Node's OpenSSL 3
// keeps des-ecb in the unloaded legacy provider.

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

/** The 16-byte response to a VNC authentication `challenge` (two DES-ECB blocks). */
export function vncAuthResponse(password: string, challenge: Uint8Array): Uint8Array {
  if (challenge.length !== 16) throw new Error('a VNC challenge has 16 bytes');
  const key = vncKey(password);
  const out = new Uint8Array(16);
  out.set(desEncryptBlock(key, challenge.subarray(0, 8)), 0);
  out.set(desEncryptBlock(key, challenge.subarray(8, 16)), 8);
  return out;
}
