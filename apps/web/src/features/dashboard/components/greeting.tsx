import { greetingFor } from '@nimbus/contract';
import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import type { SessionUserData } from '../../../lib/session/session-query';

/**
 * The page's h1: a greeting for the hour (docs/product/README.md#the-shell-and-the-dashboard) with
 * the user's first name.
 */
export function Greeting({ user, now = new Date() }: { user: SessionUserData; now?: Date }) {
  const { t } = useTranslation('dashboard');
  const name = user.Profile.FirstName.trim() || user.Email.split('@')[0] || user.Email;
  return (
    <Stack gap={4}>
      {/* A name without spaces (the email's local part) wraps rather than widening a phone's page. */}
      <Title order={1} fz={28} style={{ overflowWrap: 'anywhere' }}>
        {t(`greeting.${greetingFor(now.getHours())}`, { name })}
      </Title>
      <Text c="dimmed">{t('subtitle')}</Text>
    </Stack>
  );
}
