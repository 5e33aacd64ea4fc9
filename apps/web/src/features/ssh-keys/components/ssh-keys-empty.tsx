import { Button, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useTranslation } from '../../../lib/i18n/react';

/** What the panel shows before the first key: why to add one, and the button to do it. */
export function SshKeysEmpty({ onAdd }: { onAdd: () => void }) {
  const { t } = useTranslation('me');
  return (
    <Stack align="center" ta="center" gap="sm" py="xl">
      <ThemeIcon size={56} radius="xl" variant="light" aria-hidden>
        <IconKey size={28} />
      </ThemeIcon>
      <Title order={3} fz="md">
        {t('sshKeys.empty.title')}
      </Title>
      <Text fz="sm" c="dimmed" maw={420}>
        {t('sshKeys.empty.message')}
      </Text>
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onAdd} mt="xs">
        {t('sshKeys.empty.action')}
      </Button>
    </Stack>
  );
}
