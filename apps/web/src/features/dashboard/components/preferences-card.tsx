import { Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAdjustments, IconArrowRight } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';
import { AnchorLink } from '../../../components/router-link';
import { usePreferences } from '../../../lib/preferences/use-preferences';

export function PreferencesCard() {
  const { t } = useTranslation('dashboard');
  const { t: tCommon } = useTranslation();
  const { locale, theme } = usePreferences();
  return (
    <Card component="section" aria-labelledby="preferences-card-title">
      <Stack gap="md" h="100%">
        <Group justify="space-between" wrap="nowrap">
          <Title order={2} fz="lg" id="preferences-card-title">
            {t('preferences.title')}
          </Title>
          <ThemeIcon variant="light" size={36} radius="md" aria-hidden>
            <IconAdjustments size={20} />
          </ThemeIcon>
        </Group>
        <SimpleGrid cols={2}>
          <Stack gap={2}>
            <Text fz="sm" c="dimmed">
              {t('preferences.language')}
            </Text>
            <Text fw={500}>{tCommon(`language.${locale}`)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text fz="sm" c="dimmed">
              {t('preferences.theme')}
            </Text>
            <Text fw={500}>{tCommon(`theme.${theme}`)}</Text>
          </Stack>
        </SimpleGrid>
        <AnchorLink to="/me" search={{ tab: 'preferences' }} fz="sm" fw={600} mt="auto">
          {t('preferences.edit')} <IconArrowRight size={14} aria-hidden style={{ verticalAlign: 'middle' }} />
        </AnchorLink>
      </Stack>
    </Card>
  );
}
