/** Uptime split for display: the largest unit that is not zero names the translation. */
export function uptimeParts(seconds: number) {
  const d = Math.floor(seconds / 86_400);
  const h = Math.floor((seconds % 86_400) / 3_600);
  const m = Math.floor((seconds % 3_600) / 60);
  const unit = d > 0 ? 'days' : h > 0 ? 'hours' : m > 0 ? 'minutes' : 'seconds';
  return { unit, d, h, m, s: seconds % 60 } as const;
}
