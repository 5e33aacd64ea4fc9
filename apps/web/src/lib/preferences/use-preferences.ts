import type { Locale, Theme } from '@nimbus/contract';
import { useMantineColorScheme } from '@mantine/core';
import { useTranslation } from '../i18n/react';
import { changeLocale } from '../i18n/i18n';
import { toLocale } from '../i18n/language';
import { toColorScheme, toTheme } from '../theme/color-scheme-manager';

/** The current language and theme, and setters that apply and store them locally at once. */
export function usePreferences() {
  const { i18n } = useTranslation();
  const { colorScheme, setColorScheme } = useMantineColorScheme();
  const locale: Locale = toLocale(i18n.resolvedLanguage ?? i18n.language);
  const theme: Theme = toTheme(colorScheme);
  return {
    locale,
    theme,
    setLocale: (next: Locale) => changeLocale(next),
    setTheme: (next: Theme) => setColorScheme(toColorScheme(next)),
  };
}
