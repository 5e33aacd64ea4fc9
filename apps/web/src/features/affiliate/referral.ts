import { AFFILIATE } from '@nimbus/contract';

const KEY = 'aff';
const DAY_MS = 86_400_000;

/**
 * The referral code a visitor came with, kept in local storage for AFFILIATE.keepDays so that a
 * sign-up days later is still attributed. Storage may be disabled: then only the link's own visit counts.
 */
export function keepReferralCode(code: string): void {
  try {
    window.localStorage.setItem(KEY, JSON.stringify({ code, until: Date.now() + AFFILIATE.keepDays * DAY_MS }));
  } catch {
    /* storage disabled */
  }
}

export function keptReferralCode(): string | undefined {
  try {
    const raw = window.localStorage.getItem(KEY);
    if (!raw) return undefined;
    const kept = JSON.parse(raw) as { code?: unknown; until?: unknown };
    if (typeof kept.code === 'string' && typeof kept.until === 'number' && kept.until > Date.now()) return kept.code;
    window.localStorage.removeItem(KEY);
  } catch {
    /* storage disabled or a bad value */
  }
  return undefined;
}
