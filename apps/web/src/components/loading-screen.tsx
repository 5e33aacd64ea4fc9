import { Loader, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../lib/i18n/react';
import { StandalonePage } from './standalone-page';

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <StandalonePage>
      <Stack align="center" gap="sm" role="status" aria-live="polite">
        <Loader size="lg" aria-hidden />
        <Title order={1} fz={22}>
          {t('loading.title')}
        </Title>
        <Text c="dimmed">{t('loading.message')}</Text>
      </Stack>
    </StandalonePage>
  );
}
