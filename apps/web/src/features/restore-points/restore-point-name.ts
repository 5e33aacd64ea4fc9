const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The name a new backup or snapshot is offered, so the form can be sent as it opens:
 * `snap-YYYYMMDD-HHmm` in the customer's local time, which meets the snapshot rule (a letter first,
 * then letters, digits, `_` or `-`, at most 40) and the backup rule alike; `-2`, `-3`… follow when
 * the instance already has that name, since a snapshot's name must be new on its server.
 */
export function defaultRestorePointName(prefix: 'snap' | 'backup', now: Date, taken: readonly string[]): string {
  const stamp = `${now.getFullYear()}${pad(now.getMonth() + 1)}${pad(now.getDate())}-${pad(now.getHours())}${pad(now.getMinutes())}`;
  const base = `${prefix}-${stamp}`;
  const used = new Set(taken.map((n) => n.toLowerCase()));
  if (!used.has(base)) return base;
  for (let n = 2; ; n++) if (!used.has(`${base}-${n}`)) return `${base}-${n}`;
}
