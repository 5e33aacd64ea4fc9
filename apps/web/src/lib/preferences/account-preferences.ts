import { LOCALE_STORAGE_KEY, THEME_STORAGE_KEY } from '@nimbus/contract';
import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { i18n } from '../i18n/i18n';
import { useSessionUser } from '../session/session-query';
import { isTheme, toColorScheme } from '../theme/color-scheme-manager';

// Here rather than beside detection and the theme manager: they are in every page's download,
// this only in the signed-in console's.
function stored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Whether this device holds a language or theme its person chose (which wins over the account's). */
const hasStoredLocale = () => !!stored(LOCALE_STORAGE_KEY);
const hasStoredTheme = () => isTheme(stored(THEME_STORAGE_KEY));

/**
 * The language and theme saved to the account follow the customer to every device: applied on a
 * device where nobody chose one (the stored choice still wins on the device that made it),
 * and not stored there, so a later change saved from another device applies too.
 */
export function useAccountPreferences(): void {
  const user = useSessionUser();
  const { Locale, Theme } = user.Preferences;
  // A new account's defaults are nobody's choice: they never replace what this device detected.
  const saved = user.PreferencesSaved;
  const { setColorScheme } = useMantineColorScheme();
  useEffect(() => {
    if (saved && !hasStoredLocale() && i18n.language !== Locale) void i18n.changeLanguage(Locale, false);
  }, [saved, Locale]);
  useEffect(() => {
    if (saved && !hasStoredTheme()) {
      // Mantine's setter stores the scheme at once; taken back at once, it stays nobody's choice here
      // (done here rather than in the theme manager, which every page downloads).
      setColorScheme(toColorScheme(Theme));
      try {
        window.localStorage.removeItem(THEME_STORAGE_KEY);
      } catch {
        /* storage may be disabled */
      }
    }
  }, [saved, Theme, setColorScheme]);
}
