const UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** Bytes in a GiB, the unit products and resizes are written in. */
export const GIB = 1024 ** 3;

/**
 * Parses a Proxmox size into bytes: "32G", "1T", "512M", "1.5T", "4194304K" or plain bytes, the
 * way qemu-server writes `size=` (the largest whole unit) and accepts it. Null when it is none.
 */
export function parseSize(text: string): number | null {
  const m = /^(\d+(?:\.\d+)?)([KMGT]?)$/i.exec(text.trim());
  if (!m?.[1]) return null;
  return Math.round(Number(m[1]) * (UNITS[(m[2] ?? '').toUpperCase()] ?? 1));
}

/** The `size=` of a disk property string (`ceph-vm:vm-100-disk-0,size=1T`) in bytes; null without one. */
export function diskSize(value: string | undefined): number | null {
  const m = value ? /(?:^|,)size=([^,]+)/.exec(value) : null;
  return m?.[1] ? parseSize(m[1]) : null;
}
