import { AppShell } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Outlet } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n/react';
import { useAccountPreferences } from '../../../lib/preferences/account-preferences';
import { ShellContext } from '../../../components/shell-context';
import { AppHeader } from './app-header';
import classes from './app-shell.module.css';
import { NavMenu } from './nav-menu';

/** The authenticated shell: header, sidebar navigation and the page in main. */
export function AppLayout() {
  const { t } = useTranslation();
  const { t: tShell } = useTranslation('shell');
  const [opened, { toggle, close }] = useDisclosure(false);
  useAccountPreferences();
  return (
    <ShellContext.Provider value>
      <a href="#main-content" className={classes.skip}>
        {t('skipToContent')}
      </a>
      <AppShell
        header={{ height: 60 }}
        navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !opened } }}
        padding={{ base: 'md', sm: 'xl' }}
      >
        <AppShell.Header>
          <AppHeader navOpened={opened} onToggleNav={toggle} />
        </AppShell.Header>
        <AppShell.Navbar id="app-navbar" p="sm" className={classes.navbar} aria-label={tShell('nav.label')}>
          <NavMenu onNavigate={close} />
        </AppShell.Navbar>
        <AppShell.Main id="main-content" tabIndex={-1} className={classes.main}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </ShellContext.Provider>
  );
}
