// DES (FIPS 46-3) encryption of single blocks, for VNC authentication (a copy of the emulator's,
// which may import nothing of ours). Node 20's OpenSSL 3 keeps des-ecb in the legacy
// provider, which is not loaded by default, so VNC authentication needs its own DES.
// Bits are numbered 1..64 from the most significant bit of the first byte, as in the standard.

const IP = [
  58, 50, 42, 34, 26, 18, 10, 2, 60, 52, 44, 36, 28, 20, 12, 4, 62, 54, 46, 38, 30, 22, 14, 6, 64, 56, 48, 40, 32, 24,
  16, 8, 57, 49, 41, 33, 25, 17, 9, 1, 59, 51, 43, 35, 27, 19, 11, 3, 61, 53, 45, 37, 29, 21, 13, 5, 63, 55, 47, 39, 31,
  23, 15, 7,
];
const FP = [
  40, 8, 48, 16, 56, 24, 64, 32, 39, 7, 47, 15, 55, 23, 63, 31, 38, 6, 46, 14, 54, 22, 62, 30, 37, 5, 45, 13, 53, 21,
  61, 29, 36, 4, 44, 12, 52, 20, 60, 28, 35, 3, 43, 11, 51, 19, 59, 27, 34, 2, 42, 10, 50, 18, 58, 26, 33, 1, 41, 9, 49,
  17, 57, 25,
];
const E = [
  32, 1, 2, 3, 4, 5, 4, 5, 6, 7, 8, 9, 8, 9, 10, 11, 12, 13, 12, 13, 14, 15, 16, 17, 16, 17, 18, 19, 20, 21, 20, 21, 22,
  23, 24, 25, 24, 25, 26, 27, 28, 29, 28, 29, 30, 31, 32, 1,
];
const P = [
  16, 7, 20, 21, 29, 12, 28, 17, 1, 15, 23, 26, 5, 18, 31, 10, 2, 8, 24, 14, 32, 27, 3, 9, 19, 13, 30, 6, 22, 11, 4, 25,
];
const PC1 = [
  57, 49, 41, 33, 25, 17, 9, 1, 58, 50, 42, 34, 26, 18, 10, 2, 59, 51, 43, 35, 27, 19, 11, 3, 60, 52, 44, 36, 63, 55,
  47, 39, 31, 23, 15, 7, 62, 54, 46, 38, 30, 22, 14, 6, 61, 53, 45, 37, 29, 21, 13, 5, 28, 20, 12, 4,
];
const PC2 = [
  14, 17, 11, 24, 1, 5, 3, 28, 15, 6, 21, 10, 23, 19, 12, 4, 26, 8, 16, 7, 27, 20, 13, 2, 41, 52, 31, 37, 47, 55, 30,
  40, 51, 45, 33, 48, 44, 49, 39, 56, 34, 53, 46, 42, 50, 36, 29, 32,
];
const SHIFTS = [1, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 1];
// The eight S-boxes, each as 4 rows of 16 hex digits.
const S = [
  'e4d12fb83a6c5907 0f74e2d1a6cb9538 41e8d62bfc973a50 fc8249175b3ea06d',
  'f18e6b34972dc05a 3d47f28ec01a69b5 0e7ba4d158c6932f d8a13f42b67c05e9',
  'a09e63f51dc7b428 d709346a285ecbf1 d6498f30b12c5ae7 1ad069874fe3b52c',
  '7de3069a1285bc4f d8b56f03472c1ae9 a690cb7df13e5284 3f06a1d8945bc72e',
  '2c417ab6853fd0e9 eb2c47d150fa3986 421bad78f9c5630e b8c71e2d6f09a453',
  'c1af92680d34e75b af427c9561de0b38 9ef528c3704a1db6 432c95fabe17608d',
  '4b2ef08d3c975a61 d0b7491ae35c2f86 14bdc37eaf680592 6bd814a7950fe23c',
  'd2846fb1a93e50c7 1fd8a374c56b0e92 7b419ce206adf358 21e74a8dfc90356b',
].map((box) => box.split(' ').map((row) => [...row].map((h) => parseInt(h, 16))));

type Bits = number[];

function toBits(bytes: Uint8Array): Bits {
  return Array.from({ length: bytes.length * 8 }, (_, i) => ((bytes[i >> 3] ?? 0) >> (7 - (i & 7))) & 1);
}

function fromBits(bits: Bits): Uint8Array {
  const out = new Uint8Array(bits.length / 8);
  bits.forEach((b, i) => (out[i >> 3] = (out[i >> 3] ?? 0) | (b << (7 - (i & 7)))));
  return out;
}

function permute(bits: Bits, table: number[]): Bits {
  return table.map((pos) => bits[pos - 1] ?? 0);
}

function rotate(half: Bits, n: number): Bits {
  return [...half.slice(n), ...half.slice(0, n)];
}

function subkeys(key: Uint8Array): Bits[] {
  const k = permute(toBits(key), PC1);
  let c = k.slice(0, 28);
  let d = k.slice(28);
  return SHIFTS.map((n) => {
    c = rotate(c, n);
    d = rotate(d, n);
    return permute([...c, ...d], PC2);
  });
}

function feistel(r: Bits, k: Bits): Bits {
  const x = permute(r, E).map((b, i) => b ^ (k[i] ?? 0));
  const out: Bits = [];
  for (let box = 0; box < 8; box++) {
    const six = x.slice(box * 6, box * 6 + 6);
    const row = ((six[0] ?? 0) << 1) | (six[5] ?? 0);
    const col = six.slice(1, 5).reduce((acc, b) => (acc << 1) | b, 0);
    const v = S[box]?.[row]?.[col] ?? 0;
    out.push((v >> 3) & 1, (v >> 2) & 1, (v >> 1) & 1, v & 1);
  }
  return permute(out, P);
}

/** Encrypts one 8-byte block with an 8-byte DES key (parity bits ignored). */
export function desEncryptBlock(key: Uint8Array, block: Uint8Array): Uint8Array {
  const ks = subkeys(key);
  const bits = permute(toBits(block), IP);
  let l = bits.slice(0, 32);
  let r = bits.slice(32);
  for (const k of ks) {
    const f = feistel(r, k);
    [l, r] = [r, l.map((b, i) => b ^ (f[i] ?? 0))];
  }
  return fromBits(permute([...r, ...l], FP));
}
