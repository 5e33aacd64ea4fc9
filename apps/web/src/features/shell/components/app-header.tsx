import type { Locale, Theme } from '@nimbus/contract';
import { Burger, Group } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n/react';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageMenu } from '../../../components/language-menu';
import { ThemeMenu } from '../../../components/theme-menu';
import { showErrorToast } from '../../../lib/form/error-toast';
import { usePreferences } from '../../../lib/preferences/use-preferences';
import { useSetPreferences } from '../../../lib/preferences/set-preferences';
import { Balance } from './balance';
import { UserMenu } from './user-menu';
import classes from './app-shell.module.css';

interface AppHeaderProps {
  navOpened: boolean;
  onToggleNav: () => void;
}

export function AppHeader({ navOpened, onToggleNav }: AppHeaderProps) {
  const { t } = useTranslation('shell');
  const { t: tErrors } = useTranslation('errors');
  const { t: tMe } = useTranslation('me');
  const preferences = usePreferences();
  const save = useSetPreferences();
  // Applied locally at once by the menus; saved to the account in the background.
  const persist = (next: { Locale?: Locale; Theme?: Theme }) =>
    save.mutate(
      { Locale: next.Locale ?? preferences.locale, Theme: next.Theme ?? preferences.theme },
      { onError: (error) => showErrorToast(error, tErrors, tMe('preferences.failed')) },
    );

  return (
    <Group h="100%" px="md" justify="space-between" wrap="nowrap">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={navOpened}
          onClick={onToggleNav}
          hiddenFrom="sm"
          size="sm"
          aria-label={t('header.toggleNav')}
          aria-expanded={navOpened}
          aria-controls="app-navbar"
        />
        <Link to="/dashboard" className={classes.brand}>
          <BrandLogo />
        </Link>
      </Group>
      <Group gap={4} wrap="nowrap">
        <Balance />
        <LanguageMenu onChange={(Locale) => persist({ Locale })} />
        <ThemeMenu onChange={(Theme) => persist({ Theme })} />
        <UserMenu />
      </Group>
    </Group>
  );
}
