import { Box, Group } from '@mantine/core';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { LanguageMenu } from './language-menu';
import { useInShell } from './shell-context';
import { ThemeMenu } from './theme-menu';
import classes from './standalone-page.module.css';

/**
 * A page outside the shell (not found, error, forbidden, loading): its own header and main.
 * Inside the shell it renders only its content, since the shell owns the landmarks.
 */
export function StandalonePage({ children }: { children: ReactNode }) {
  const inShell = useInShell();
  if (inShell) return <Box className={classes.inShell}>{children}</Box>;
  return (
    <Box className={classes.root}>
      <Group component="header" justify="space-between" className={classes.header}>
        <BrandLogo />
        <Group gap={4}>
          <LanguageMenu />
          <ThemeMenu />
        </Group>
      </Group>
      <Box component="main" id="main-content" className={classes.main}>
        {children}
      </Box>
    </Box>
  );
}
