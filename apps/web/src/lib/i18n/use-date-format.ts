import { useMemo } from 'react';
import { usePreferences } from '../preferences/use-preferences';
import { intlLocale } from './language';

/** A date formatter in the customer's language (e.g. "Nov 23, 2026" / "2026年11月23日"). */
export function useDateFormat(options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }): Intl.DateTimeFormat {
  const { locale } = usePreferences();
  const key = JSON.stringify(options);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` stands for `options`
  return useMemo(() => new Intl.DateTimeFormat(intlLocale(locale), options), [locale, key]);
}

/** A percent in the customer's language ("13%", "6.5%"): format a fraction (0.13). */
export function usePercentFormat(): Intl.NumberFormat {
  const { locale } = usePreferences();
  return useMemo(
    () => new Intl.NumberFormat(intlLocale(locale), { style: 'percent', maximumFractionDigits: 2 }),
    [locale],
  );
}
