import { LOCALES, type Locale } from '@nimbus/contract';
import { Box, Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { htmlLang } from '../lib/i18n/language';
import { usePreferences } from '../lib/preferences/use-preferences';

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
    <Menu position="bottom-end" width={160} withinPortal>
      <Menu.Target>
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
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('language.label')}</Menu.Label>
        {LOCALES.map((item) => (
          <Menu.Item
            key={item}
            lang={htmlLang(item)}
            onClick={() => pick(item)}
            rightSection={item === locale ? <IconCheck size={16} aria-hidden /> : null}
            aria-current={item === locale ? 'true' : undefined}
          >
            {t(`language.${item}`)}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
