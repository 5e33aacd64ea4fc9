import { SSH_KEY, SshKeyAddBody, type SshKey } from '@nimbus/contract';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { useForm } from '../lib/form/use-form';
import { useTimeout } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { Dialog } from './dialog';
import { isApiError } from '../lib/api-error';
import { showFormError } from '../lib/form/server-errors';
import { useFormField } from '../lib/form/use-form-field';
import { zodValidate } from '../lib/form/zod-validate';
import { notify } from '../lib/notify';
import { useAddSshKey } from '../lib/ssh-keys/add-ssh-key';
import { useSetSshKey } from '../lib/ssh-keys/set-ssh-key';

/** After a failed add or edit (docs/product/accounts.md#ssh-keys), the form is re-enabled after 500 ms. */
const REENABLE_MS = 500;

type Values = { Name: string; PublicKey: string };

export interface SshKeyFormModalProps {
  opened: boolean;
  onClose: () => void;
  /** The key to edit; without one the dialog adds a new key. */
  sshKey?: SshKey | null;
  /** Called with the stored key after a successful add or edit, as the dialog closes. */
  onSaved?: (key: SshKey) => void;
}

/** The add/edit dialog of an SSH key, usable wherever a customer may need a new key. */
export function SshKeyFormModal({ opened, onClose, sshKey, onSaved }: SshKeyFormModalProps) {
  const { t } = useTranslation(['me', 'common']);
  return (
    <Dialog
      opened={opened}
      onClose={onClose}
      title={sshKey ? t('sshKeys.form.editTitle') : t('sshKeys.form.addTitle')}
      size="lg"
    >
      <SshKeyForm
        key={sshKey?.Id ?? 'new'}
        sshKey={sshKey ?? null}
        onCancel={onClose}
        onSaved={(key) => {
          onSaved?.(key);
          onClose();
        }}
      />
    </Dialog>
  );
}

function SshKeyForm({
  sshKey,
  onCancel,
  onSaved,
}: {
  sshKey: SshKey | null;
  onCancel: () => void;
  onSaved: (key: SshKey) => void;
}) {
  const { t } = useTranslation(['me', 'common']);
  const { t: tErrors } = useTranslation('errors');
  const add = useAddSshKey();
  const set = useSetSshKey();
  const [cooling, setCooling] = useState(false);
  const reenable = useTimeout(() => setCooling(false), REENABLE_MS);
  const form = useForm<Values>({
    initialValues: { Name: sshKey?.Name ?? '', PublicKey: sshKey?.PublicKey ?? '' },
    validate: zodValidate<Values>(SshKeyAddBody),
  });
  const field = useFormField(form);
  const busy = add.isPending || set.isPending || cooling;

  const failed = (error: unknown) => {
    const title = sshKey ? t('sshKeys.form.editFailed') : t('sshKeys.form.addFailed');
    if (isApiError(error) && error.code === 'invalid_option') {
      notify.error({ title, message: t('sshKeys.form.limit', { max: SSH_KEY.maxPerUser }) });
    } else {
      showFormError(error, form, tErrors, title);
    }
    setCooling(true);
    reenable.start();
  };
  const saved = (key: SshKey) => {
    notify.success({ title: sshKey ? t('sshKeys.form.updated') : t('sshKeys.form.added') });
    onSaved(key);
  };
  const submit = (values: Values) => {
    if (sshKey) set.mutate({ Id: sshKey.Id, ...values }, { onSuccess: saved, onError: failed });
    else add.mutate(values, { onSuccess: saved, onError: failed });
  };

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <TextInput
          {...field('Name')}
          label={t('sshKeys.form.name')}
          placeholder={t('sshKeys.form.namePlaceholder')}
          description={t('sshKeys.form.nameHint', { max: SSH_KEY.nameMax })}
          autoComplete="off"
          disabled={busy}
          required
          data-autofocus
        />
        <Textarea
          {...field('PublicKey')}
          label={t('sshKeys.form.publicKey')}
          description={t('sshKeys.form.publicKeyHint')}
          autosize
          minRows={4}
          maxRows={10}
          spellCheck={false}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          disabled={busy}
          required
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', wordBreak: 'break-all' } }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button
            type="submit"
            loading={add.isPending || set.isPending}
            disabled={cooling || (sshKey !== null && !form.isDirty())}
          >
            {sshKey ? t('sshKeys.form.submitEdit') : t('sshKeys.form.submitAdd')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
