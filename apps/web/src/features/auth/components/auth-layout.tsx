import { Box, Group, List, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCircleCheck } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { BrandLogo } from '../../../components/brand-logo';
import { LanguageMenu } from '../../../components/language-menu';
import { ThemeMenu } from '../../../components/theme-menu';
import classes from './auth-layout.module.css';

interface AuthLayoutProps {
  title: string;
  subtitle: string;
  children: ReactNode;
  footer?: ReactNode;
}

function Hero() {
  const { t } = useTranslation('auth');
  return (
    <Box component="aside" className={classes.hero} aria-label={t('hero.title')}>
      <BrandLogo inverted />
      <Stack gap="lg" maw={440}>
        <Text fz={34} fw={700} lh={1.2}>
          {t('hero.title')}
        </Text>
        <Text fz="lg" lh={1.6}>
          {t('hero.subtitle')}
        </Text>
        <List
          spacing="sm"
          icon={
            <ThemeIcon variant="white" size={24} radius="xl" aria-hidden>
              <IconCircleCheck size={16} />
            </ThemeIcon>
          }
        >
          <List.Item>{t('hero.verified')}</List.Item>
          <List.Item>{t('hero.account')}</List.Item>
          <List.Item>{t('hero.languages')}</List.Item>
        </List>
      </Stack>
      <span />
    </Box>
  );
}

/** Public pages without the shell: a brand panel beside one card holding the page's form. */
export function AuthLayout({ title, subtitle, children, footer }: AuthLayoutProps) {
  return (
    <div className={classes.root}>
      <Hero />
      <div className={classes.column}>
        <Group component="header" justify="space-between" className={classes.header}>
          <Box hiddenFrom="md">
            <BrandLogo />
          </Box>
          <Group gap={4} ml="auto">
            <LanguageMenu />
            <ThemeMenu />
          </Group>
        </Group>
        <Box component="main" id="main-content" className={classes.main}>
          <Stack className={classes.card} gap="lg">
            <Paper withBorder shadow="sm" p={{ base: 'lg', sm: 32 }}>
              <Stack gap={4} mb="lg">
                <Title order={1} fz={26}>
                  {title}
                </Title>
                <Text c="dimmed" fz="sm">
                  {subtitle}
                </Text>
              </Stack>
              {children}
            </Paper>
            {footer ? (
              <Text ta="center" fz="sm">
                {footer}
              </Text>
            ) : null}
          </Stack>
        </Box>
      </div>
    </div>
  );
}
