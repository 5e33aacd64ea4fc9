import { Text } from '@mantine/core';
import { IconHome, IconLock, IconLogin } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n/react';
import { ButtonLink } from '../components/router-link';
import { StandalonePage } from '../components/standalone-page';
import { StatusPanel } from '../components/status-panel';
import { usePageTitle } from '../lib/page-title';

export const Route = createFileRoute('/forbidden')({
  component: ForbiddenPage,
});

function ForbiddenPage() {
  const { t } = useTranslation();
  usePageTitle(t('titles.forbidden'));
  return (
    <StandalonePage>
      <StatusPanel
        icon={<IconLock size={36} />}
        color="red"
        eyebrow={t('forbidden.code')}
        title={t('forbidden.title')}
        actions={
          <>
            <ButtonLink to="/" variant="default" leftSection={<IconHome size={18} aria-hidden />}>
              {t('actions.home')}
            </ButtonLink>
            <ButtonLink to="/login" leftSection={<IconLogin size={18} aria-hidden />}>
              {t('actions.signIn')}
            </ButtonLink>
          </>
        }
      >
        <Text c="dimmed">{t('forbidden.message')}</Text>
      </StatusPanel>
    </StandalonePage>
  );
}
