import { useMantineColorScheme } from '@mantine/core';
import { useEffect } from 'react';
import { hasStoredLocale } from '../i18n/detect';
import { i18n } from '../i18n/i18n';
import { useSessionUser } from '../session/session-query';
import { hasStoredTheme, toColorScheme, withoutStoring } from '../theme/color-scheme-manager';

/**
 * The language and theme saved to the account follow the customer to every device: applied on a
 * device where nobody chose one (SPEC §1's stored choice still wins on the device that made it),
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
    if (saved && !hasStoredTheme()) withoutStoring(() => setColorScheme(toColorScheme(Theme)));
  }, [saved, Theme, setColorScheme]);
}
