import { SSH_KEY, type SshKey } from '@nimbus/contract';
import { Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { useSshKeys } from '../../../lib/ssh-keys/get-ssh-keys';
import { DeleteSshKeyModal } from './delete-ssh-key-modal';
import { LoadFailed } from '../../../components/empty-state';
import { SshKeyFormModal } from '../../../components/ssh-key-form-modal';
import { SshKeyList } from './ssh-key-list';
import { SshKeysEmpty } from './ssh-keys-empty';

/** The customer's SSH keys with add, edit and delete, as a section of a page. */
export function SshKeysPanel() {
  const { t } = useTranslation(['me', 'common']);
  const keys = useSshKeys();
  // The dialogs keep their key while they close, so their text does not change as they fade.
  const [formOpened, formDialog] = useDisclosure(false);
  const [editing, setEditing] = useState<SshKey | null>(null);
  const [deleteOpened, deleteDialog] = useDisclosure(false);
  const [deleting, setDeleting] = useState<SshKey | null>(null);

  const openForm = (key: SshKey | null) => {
    setEditing(key);
    formDialog.open();
  };
  const openDelete = (key: SshKey) => {
    setDeleting(key);
    deleteDialog.open();
  };
  const full = (keys.data?.length ?? 0) >= SSH_KEY.maxPerUser;

  return (
    <Card component="section" aria-labelledby="ssh-keys-heading" maw={720}>
      <Group justify="space-between" align="flex-start" gap="md" mb="lg">
        <Stack gap={4} style={{ flex: '1 1 260px' }}>
          <Title order={2} fz="lg" id="ssh-keys-heading">
            {t('sshKeys.heading')}
          </Title>
          <Text fz="sm" c="dimmed">
            {t('sshKeys.description')}
          </Text>
        </Stack>
        {keys.data && keys.data.length > 0 ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => openForm(null)} disabled={full}>
            {t('sshKeys.add')}
          </Button>
        ) : null}
      </Group>
      {keys.isPending ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={64} />
          <Skeleton height={64} />
        </Stack>
      ) : keys.isError ? (
        <LoadFailed message={t('sshKeys.loadFailed')} onRetry={() => void keys.refetch()} retrying={keys.isFetching} />
      ) : keys.data.length === 0 ? (
        <SshKeysEmpty onAdd={() => openForm(null)} />
      ) : (
        <Stack gap="md">
          {full ? (
            <Text fz="sm" c="dimmed">
              {t('sshKeys.limitReached', { max: SSH_KEY.maxPerUser })}
            </Text>
          ) : null}
          <SshKeyList keys={keys.data} onEdit={openForm} onDelete={openDelete} />
        </Stack>
      )}
      <SshKeyFormModal opened={formOpened} onClose={formDialog.close} sshKey={editing} />
      <DeleteSshKeyModal opened={deleteOpened} onClose={deleteDialog.close} sshKey={deleting} />
    </Card>
  );
}
