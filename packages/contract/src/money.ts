/** Money is integer minor units; these convert to and from decimal strings without floats. */
export function formatMinor(minor: number, decimals = 2): string {
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  const unit = 10 ** decimals;
  const whole = Math.trunc(abs / unit);
  const frac = String(abs % unit).padStart(decimals, '0');
  return `${sign}${whole}.${frac}`;
}

/** Parses "12", "12.5", "-3.25" into minor units; returns null for anything else. */
export function parseMinor(text: string, decimals = 2): number | null {
  const m = /^(-)?(\d{1,12})(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const [, neg, whole = '0', frac = ''] = m;
  const value = Number(whole) * 10 ** decimals + Number(frac.padEnd(decimals, '0') || '0');
  return neg ? -value : value;
}

/**
 * An amount as people read it: 2 decimals and thousands separators ("1,234.50"), the same in both
 * console languages. Never parse it back: formatMinor is the machine form.
 */
export function formatAmount(minor: number, decimals = 2): string {
  const [whole = '', frac] = formatMinor(minor, decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return frac === undefined ? grouped : `${grouped}.${frac}`;
}
