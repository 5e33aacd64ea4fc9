import { Button, Paper, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { createContext, use, useEffect } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { isApiError } from '../lib/api-error';
import { usePageTitle } from '../lib/page-title';
import { StandalonePage } from './standalone-page';
import { StatusPanel } from './status-panel';

/**
 * Clears the failed reads of TanStack Query so that a retry fetches them again; provided by the
 * signed-in layout, which is where Query loads (the public pages have nothing to reset).
 */
export const ErrorResetContext = createContext<() => void>(() => {});

/** Route error component: an apology, the error message and a retry. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const { t } = useTranslation(['common', 'errors']);
  const router = useRouter();
  const resetQueries = use(ErrorResetContext);
  usePageTitle(t('titles.error'));
  useEffect(() => resetQueries(), [resetQueries]);
  const message = isApiError(error)
    ? t(`errors:code.${error.code}`)
    : (error instanceof Error && error.message) || t('errors:code.unknown_error');
  const retry = () => {
    reset();
    void router.invalidate();
  };
  return (
    <StandalonePage>
      <StatusPanel
        icon={<IconAlertTriangle size={36} />}
        color="red"
        title={t('error.title')}
        actions={
          <Button leftSection={<IconRefresh size={18} aria-hidden />} onClick={retry}>
            {t('actions.retry')}
          </Button>
        }
      >
        <Text c="dimmed">{t('error.message')}</Text>
        <Paper withBorder p="md" w="100%" ta="left">
          <Text ff="monospace" fz="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {message}
          </Text>
        </Paper>
      </StatusPanel>
    </StandalonePage>
  );
}
