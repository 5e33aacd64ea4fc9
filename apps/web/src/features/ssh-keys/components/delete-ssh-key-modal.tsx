import type { SshKey } from '@nimbus/contract';
import { Button, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';
import { Dialog } from '../../../components/dialog';
import { showErrorToast } from '../../../lib/form/error-toast';
import { notify } from '../../../lib/notify';
import { useDeleteSshKey } from '../../../lib/ssh-keys/delete-ssh-key';

/** Asks before deleting a key; toasts tell how it went (docs/product/accounts.md#ssh-keys). */
export function DeleteSshKeyModal({
  opened,
  onClose,
  sshKey,
}: {
  opened: boolean;
  onClose: () => void;
  sshKey: SshKey | null;
}) {
  const { t } = useTranslation(['me', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const remove = useDeleteSshKey();

  const confirm = () => {
    if (!sshKey) return;
    remove.mutate(sshKey.Id, {
      onSuccess: () => {
        notify.success({ title: t('sshKeys.deleteDialog.deleted') });
        onClose();
      },
      onError: (error) => {
        showErrorToast(error, tErrors, t('sshKeys.deleteDialog.failed'));
        onClose();
      },
    });
  };

  return (
    <Dialog opened={opened} onClose={onClose} title={t('sshKeys.deleteDialog.title')}>
      <Stack gap="lg">
        <Text style={{ overflowWrap: 'anywhere' }}>
          {t('sshKeys.deleteDialog.message', { name: sshKey?.Name ?? '' })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('common:actions.cancel')}
          </Button>
          {/* red.9: white text on Mantine's default red is 3.3:1, below WCAG AA. */}
          <Button color="red.9" onClick={confirm} loading={remove.isPending}>
            {t('sshKeys.deleteDialog.confirm')}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
