import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useState, type ReactNode } from 'react';
import { Dialog } from '../../../components/dialog';
import { useTranslation } from '../../../lib/i18n/react';

/** Filled red with white text at AA contrast (Mantine's default red shade is too light for it). */
export const DANGER = 'red.9';

interface ConfirmDialogProps {
  opened: boolean;
  onClose: () => void;
  title: string;
  message: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  danger?: boolean;
  loading?: boolean;
  /** False while the dialog's own fields do not allow confirming yet (e.g. the hostname to type). */
  canConfirm?: boolean;
  children?: ReactNode;
}

/** Asks before an action that changes a server: what will happen, then cancel or confirm. */
export function ConfirmDialog(p: ConfirmDialogProps) {
  const { t } = useTranslation('instance-actions');
  return (
    <Dialog opened={p.opened} onClose={p.onClose} title={p.title} centered>
      <Stack gap="md">
        {typeof p.message === 'string' ? <Text fz="sm">{p.message}</Text> : p.message}
        {p.children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={p.onClose} disabled={p.loading}>
            {t('confirm.cancel')}
          </Button>
          <Button
            color={p.danger ? DANGER : undefined}
            onClick={p.onConfirm}
            loading={p.loading}
            disabled={p.canConfirm === false}
          >
            {p.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Dialog>
  );
}

/**
 * The hostname a customer types before an action that erases a server (destroy, reinstall):
 * `matches` once it is the instance's (any case, spaces around ignored), `field` renders the input
 * (with `error` under it when given; focused first where it is the dialog's one field), `reset` empties it.
 */
export function useTypedHostname(hostname: string) {
  const { t } = useTranslation('instance-actions');
  const [typed, setTyped] = useState('');
  const matches = typed.trim().toLowerCase() === hostname.toLowerCase();
  const field = (opts: { error?: string; autofocus?: boolean } = {}) => (
    <TextInput
      label={t('confirm.destroy.label', { host: hostname })}
      value={typed}
      onChange={(e) => setTyped(e.currentTarget.value)}
      autoComplete="off"
      spellCheck={false}
      error={opts.error}
      data-autofocus={opts.autofocus || undefined}
    />
  );
  return { typed: typed.trim(), matches, field, reset: () => setTyped('') };
}
