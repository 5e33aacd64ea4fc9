import { LOCALES, THEMES, type Locale, type Theme } from '@nimbus/contract';
import { Fieldset, SegmentedControl, Stack } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import { showErrorToast } from '../../../lib/form/error-toast';
import { notify } from '../../../lib/notify';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import { useSetPreferences } from '../../../lib/preferences/set-preferences';
import { SectionCard } from './section-card';

/** Language and theme: applied and stored locally at once, then saved to the account. */
export function PreferencesForm() {
  const { t } = useTranslation('me');
  const { t: tCommon } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const preferences = usePreferences();
  const save = useSetPreferences();

  const persist = (next: { Locale: Locale; Theme: Theme }) =>
    save.mutate(next, {
      onSuccess: () => notify.success({ title: t('preferences.success') }),
      onError: (error) => showErrorToast(error, tErrors, t('preferences.failed')),
    });

  const changeLocale = (value: string) => {
    const Locale = LOCALES.find((l) => l === value) ?? preferences.locale;
    void preferences.setLocale(Locale);
    persist({ Locale, Theme: preferences.theme });
  };
  const changeTheme = (value: string) => {
    const Theme = THEMES.find((th) => th === value) ?? preferences.theme;
    preferences.setTheme(Theme);
    persist({ Locale: preferences.locale, Theme });
  };

  return (
    <SectionCard id="preferences-heading" title={t('preferences.heading')} description={t('preferences.description')}>
      <Stack gap="lg">
        <Fieldset legend={t('preferences.language')} variant="unstyled">
          <SegmentedControl
            value={preferences.locale}
            onChange={changeLocale}
            color="ocean"
            data={LOCALES.map((value) => ({ value, label: tCommon(`language.${value}`) }))}
          />
        </Fieldset>
        <Fieldset legend={t('preferences.theme')} variant="unstyled">
          <SegmentedControl
            value={preferences.theme}
            onChange={changeTheme}
            color="ocean"
            data={THEMES.map((value) => ({ value, label: tCommon(`theme.${value}`) }))}
          />
        </Fieldset>
      </Stack>
    </SectionCard>
  );
}
