import { Button, Group, Stack, Text } from '@mantine/core';
import { Dialog } from './dialog';
import { useTranslation } from '../lib/i18n/react';

/** Asks before an action that cannot be undone (restore, delete); stays open while it runs. */
export function IrreversibleDialog({
  opened,
  onClose,
  title,
  message,
  confirmLabel,
  onConfirm,
  busy,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: string;
  confirmLabel: string;
  onConfirm: () => void;
  busy: boolean;
}) {
  const { t } = useTranslation('instance-data');
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      <Stack gap="lg">
        <Text style={{ overflowWrap: 'anywhere' }}>{message}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose} data-autofocus>
            {t('form.cancel')}
          </Button>
          {/* red.9: white text on Mantine's default red is 3.3:1, below WCAG AA. */}
          <Button color="red.9" onClick={onConfirm} loading={busy}>
            {confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
