import { LOCALES, type Locale } from '@nimbus/contract';
import { Box, Button } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n/react';
import { htmlLang } from '../lib/i18n/language';
import { usePreferences } from '../lib/preferences/use-preferences';
import { ChoiceMenu } from './choice-menu';

interface LanguageMenuProps {
  onChange?: (locale: Locale) => void;
}

export function LanguageMenu({ onChange }: LanguageMenuProps) {
  const { t } = useTranslation();
  const { locale, setLocale } = usePreferences();
  const pick = (next: Locale) => {
    void setLocale(next);
    onChange?.(next);
  };
  return (
    <ChoiceMenu
      width={160}
      label={t('language.label')}
      target={
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          h={36}
          fz="sm"
          leftSection={<IconLanguage size={18} aria-hidden />}
          aria-label={t('language.change', { language: t(`language.${locale}`) })}
        >
          <Box component="span" lang={htmlLang(locale)} visibleFrom="sm">
            {t(`language.${locale}`)}
          </Box>
        </Button>
      }
      items={LOCALES.map((item) => ({
        key: item,
        label: t(`language.${item}`),
        lang: htmlLang(item),
        selected: item === locale,
        onSelect: () => pick(item),
      }))}
    />
  );
}
