const UNITS: Record<string, number> = { '': 1, K: 1024, M: 1024 ** 2, G: 1024 ** 3, T: 1024 ** 4 };

/** Parses a Proxmox size ("32G", "512M", "1.5T", plain bytes) into bytes. */
export function parseSize(size: string): number {
  const m = /^(\d+(?:\.\d+)?)([KMGT]?)$/.exec(size);
  if (!m || m[1] === undefined) return 0;
  return Math.round(Number(m[1]) * (UNITS[m[2] ?? ''] ?? 1));
}

/** Formats bytes the way qemu-server writes `size=` (largest whole unit). */
export function formatSize(bytes: number): string {
  for (const unit of ['T', 'G', 'M', 'K'] as const) {
    const n = UNITS[unit] ?? 1;
    if (bytes % n === 0) return `${bytes / n}${unit}`;
  }
  return String(bytes);
}

/** Reads `size=` out of a disk property string. */
export function diskSize(value: string | undefined): number {
  const m = value ? /(?:^|,)size=([^,]+)/.exec(value) : null;
  return m?.[1] ? parseSize(m[1]) : 0;
}

/** Memory in MiB from a `memory` value (plain or `current=N`). */
export function memoryMiB(value: string | undefined): number {
  const m = value ? /(?:^|current=)(\d+)/.exec(value) : null;
  return m?.[1] ? Number(m[1]) : 512;
}
