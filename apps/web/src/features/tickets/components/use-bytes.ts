import { useCallback } from 'react';
import { intlLocale } from '../../../lib/i18n/language';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import { formatBytes } from '../attachments';

/** Formats file sizes in the customer's language. */
export function useBytes(): (bytes: number) => string {
  const { locale } = usePreferences();
  return useCallback((bytes: number) => formatBytes(bytes, intlLocale(locale)), [locale]);
}
