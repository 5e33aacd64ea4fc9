import { THEMES, type Theme } from '@nimbus/contract';
import { ActionIcon } from '@mantine/core';
import { IconDeviceDesktop, IconMoon, IconSun } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n/react';
import { usePreferences } from '../lib/preferences/use-preferences';
import { ChoiceMenu } from './choice-menu';

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
    <ChoiceMenu
      width={170}
      label={t('theme.label')}
      target={
        <ActionIcon
          variant="subtle"
          color="gray"
          size={36}
          aria-label={t('theme.change', { theme: t(`theme.${theme}`) })}
        >
          <Current size={20} aria-hidden />
        </ActionIcon>
      }
      items={THEMES.map((item) => {
        const Icon = ICONS[item];
        return {
          key: item,
          label: t(`theme.${item}`),
          selected: item === theme,
          onSelect: () => pick(item),
          icon: <Icon size={16} aria-hidden />,
        };
      })}
    />
  );
}
