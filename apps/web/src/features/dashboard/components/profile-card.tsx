import type { Profile } from '@nimbus/contract';
import { Card, Group, Progress, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconArrowRight, IconCircleCheck, IconId } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { AnchorLink } from '../../../components/router-link';
import type { SessionUserData } from '../../../lib/session/session-query';

const COUNTED: (keyof Profile)[] = ['FirstName', 'LastName', 'Address1', 'City', 'State', 'Postcode', 'Country'];
const ADDRESS: (keyof Profile)[] = ['Address1', 'City', 'Postcode', 'Country'];

/** Share of the profile filled in, and whether the address an invoice needs is there. */
export function profileCompleteness(profile: Profile) {
  const filled = COUNTED.filter((key) => profile[key].trim() !== '').length;
  return {
    percent: Math.round((filled / COUNTED.length) * 100),
    addressComplete: ADDRESS.every((key) => profile[key].trim() !== ''),
  };
}

export function ProfileCard({ user }: { user: SessionUserData }) {
  const { t } = useTranslation('dashboard');
  const { percent, addressComplete } = profileCompleteness(user.Profile);
  const complete = addressComplete && percent === 100;
  return (
    <Card component="section" aria-labelledby="profile-card-title">
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="profile-card-title">
            {t('profile.title')}
          </Title>
          <ThemeIcon variant="light" color={complete ? 'teal' : undefined} size={36} radius="md" aria-hidden>
            {complete ? <IconCircleCheck size={20} /> : <IconId size={20} />}
          </ThemeIcon>
        </Group>
        <Stack gap={6}>
          <Text fz="sm" fw={600}>
            {t('profile.progress', { percent })}
          </Text>
          <Progress
            value={percent}
            color={complete ? 'teal' : undefined}
            aria-label={t('profile.progress', { percent })}
          />
        </Stack>
        <Text fz="sm" c="dimmed">
          {complete ? t('profile.complete') : t('profile.incomplete')}
        </Text>
        <AnchorLink to="/me" search={{ tab: 'profile' }} fz="sm" fw={600} mt="auto">
          {complete ? t('profile.edit') : t('profile.action')}{' '}
          <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </AnchorLink>
      </Stack>
    </Card>
  );
}
