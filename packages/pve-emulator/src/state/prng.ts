/** Deterministic 32-bit hash of a list of integers (FNV-1a over their bytes). */
export function hashInts(...values: number[]): number {
  let h = 0x811c9dc5;
  for (const v of values) {
    let x = Math.floor(v) >>> 0;
    for (let i = 0; i < 4; i++) {
      h ^= x & 0xff;
      h = Math.imul(h, 0x01000193);
      x >>>= 8;
    }
  }
  return h >>> 0;
}

/** A number in [0, 1) that depends only on its inputs, so metrics repeat across runs. */
export function unit(...values: number[]): number {
  // mulberry32 finaliser over the hash spreads nearby inputs apart.
  let t = (hashInts(...values) + 0x6d2b79f5) >>> 0;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}
