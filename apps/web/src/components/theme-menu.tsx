import { THEMES, type Theme } from '@nimbus/contract';
import { ActionIcon, Menu } from '@mantine/core';
import { IconCheck, IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../lib/preferences/use-preferences';

const ICONS = { light: IconSun, dark: IconMoon, system: IconDeviceDesktop } as const;

interface ThemeMenuProps {
  onChange?: (theme: Theme) => void;
}

export function ThemeMenu({ onChange }: ThemeMenuProps) {
  const { t } = useTranslation();
  const { theme, setTheme } = usePreferences();
  const Current = ICONS[theme];
  const pick = (next: Theme) => {
    setTheme(next);
    onChange?.(next);
  };
  return (
    <Menu position="bottom-end" width={170} withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={t('theme.change', { theme: t(`theme.${theme}`) })}
        >
          <Current size={20} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('theme.label')}</Menu.Label>
        {THEMES.map((item) => {
          const Icon = ICONS[item];
          return (
            <Menu.Item
              key={item}
              onClick={() => pick(item)}
              leftSection={<Icon size={16} aria-hidden />}
              rightSection={item === theme ? <IconCheck size={16} aria-hidden /> : null}
              aria-current={item === theme ? 'true' : undefined}
            >
              {t(`theme.${item}`)}
            </Menu.Item>
          );
        })}
      </Menu.Dropdown>
    </Menu>
  );
}
