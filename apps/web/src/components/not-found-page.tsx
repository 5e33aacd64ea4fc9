import { Button, Text } from '@mantine/core';
import { IconHome, IconMapPinOff, IconRefresh } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n/react';
import { usePageTitle } from '../lib/page-title';
import { ButtonLink } from './router-link';
import { StandalonePage } from './standalone-page';
import { StatusPanel } from './status-panel';

export function NotFoundPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.notFound'));
  return (
    <StandalonePage>
      <StatusPanel
        icon={<IconMapPinOff size={36} />}
        eyebrow={t('notFound.code')}
        title={t('notFound.title')}
        actions={
          <>
            <Button
              variant="default"
              leftSection={<IconRefresh size={18} aria-hidden />}
              onClick={() => window.location.reload()}
            >
              {t('actions.refresh')}
            </Button>
            <ButtonLink to="/" leftSection={<IconHome size={18} aria-hidden />}>
              {t('actions.home')}
            </ButtonLink>
          </>
        }
      >
        <Text c="dimmed">{t('notFound.message')}</Text>
      </StatusPanel>
    </StandalonePage>
  );
}
