import { Button, Checkbox, Group, Stack, Text } from '@mantine/core';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { useSshKeys } from '../lib/ssh-keys/get-ssh-keys';
import { SshKeyFormModal } from './ssh-key-form-modal';

/**
 * The customer's stored SSH keys to install on a server (deploy, reinstall): one checkbox each, and
 * "Add a key", which stores a new one and ticks it.
 */
export function SshKeyPicker({ value, onChange }: { value: number[]; onChange: (ids: number[]) => void }) {
  const { t } = useTranslation('me');
  const keys = useSshKeys();
  const [adding, setAdding] = useState(false);
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((k) => k !== id));
  return (
    <Stack gap={6}>
      <Group justify="space-between">
        <Text fw={500} fz="sm">
          {t('sshKeys.picker.label')}
        </Text>
        <Button
          size="compact-sm"
          variant="subtle"
          leftSection={<IconPlus size={16} aria-hidden />}
          onClick={() => setAdding(true)}
        >
          {t('sshKeys.picker.add')}
        </Button>
      </Group>
      {keys.data && keys.data.length > 0 ? (
        <Stack gap={6} role="group" aria-label={t('sshKeys.picker.label')}>
          {keys.data.map((key) => (
            <Checkbox
              key={key.Id}
              checked={value.includes(key.Id)}
              onChange={(e) => toggle(key.Id, e.currentTarget.checked)}
              label={
                <Group gap={6} wrap="nowrap">
                  <IconKey size={14} aria-hidden />
                  <span>{key.Name}</span>
                </Group>
              }
              description={key.Fingerprint}
              styles={{ description: { overflowWrap: 'anywhere' } }}
            />
          ))}
        </Stack>
      ) : (
        <Text c="dimmed" fz="sm">
          {t('sshKeys.picker.none')}
        </Text>
      )}
      <SshKeyFormModal
        opened={adding}
        onClose={() => setAdding(false)}
        onSaved={(key) => onChange([...value, key.Id])}
      />
    </Stack>
  );
}
