import { BACKUP_DESCRIPTION_MAX } from '@nimbus/contract';
import { Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { Dialog } from '../../../components/dialog';
import { useForm } from '../../../lib/form/use-form';
import { useFormField } from '../../../lib/form/use-form-field';
import { useTranslation } from '../../../lib/i18n/react';
import { useFormCallbacks, type DataActionCallbacks } from '../../../lib/instances/use-data-action';

export type NameDescription = { Name: string; Description: string };

/** Client checks of a backup or snapshot name, as message keys of the errors namespace. */
export type NameCheck = (name: string) => string | undefined;

/**
 * The create dialog of a backup or a snapshot: a name checked like the server checks it and an
 * optional description. `submit` sends it; the server's field errors land under the inputs.
 */
export function NameDescriptionDialog({
  opened,
  onClose,
  title,
  nameHint,
  defaultName,
  nameMax,
  checkName,
  submit,
  busy,
}: {
  opened: boolean;
  onClose: () => void;
  title: string;
  nameHint: string;
  /**
   * The name offered when the dialog opens (snapshots and backups get a default name, so the form
   * can be sent as it opens).
   */
  defaultName: () => string;
  nameMax: number;
  checkName: NameCheck;
  submit: (values: NameDescription, callbacks: DataActionCallbacks) => void;
  busy: boolean;
}) {
  return (
    <Dialog opened={opened} onClose={onClose} title={title}>
      {opened ? (
        <NameDescriptionForm
          onCancel={onClose}
          nameHint={nameHint}
          defaultName={defaultName}
          nameMax={nameMax}
          checkName={checkName}
          submit={submit}
          busy={busy}
          title={title}
        />
      ) : null}
    </Dialog>
  );
}

function NameDescriptionForm({
  onCancel,
  nameHint,
  defaultName,
  nameMax,
  checkName,
  submit,
  busy,
  title,
}: {
  onCancel: () => void;
  nameHint: string;
  defaultName: () => string;
  nameMax: number;
  checkName: NameCheck;
  submit: (values: NameDescription, callbacks: DataActionCallbacks) => void;
  busy: boolean;
  title: string;
}) {
  const { t } = useTranslation('instance-data');
  const form = useForm<NameDescription>({
    initialValues: { Name: defaultName(), Description: '' },
    validate: (v) => {
      const errors: Record<string, string> = {};
      const name = v.Name.trim();
      const nameError = name === '' ? 'required' : name.length > nameMax ? 'incorrect_length' : checkName(name);
      if (nameError) errors.Name = nameError;
      if (v.Description.trim().length > BACKUP_DESCRIPTION_MAX) errors.Description = 'incorrect_length';
      return errors;
    },
  });
  const field = useFormField(form);
  const callbacks = useFormCallbacks(form, title, onCancel);
  const onSubmit = (values: NameDescription) =>
    submit({ Name: values.Name.trim(), Description: values.Description.trim() }, callbacks);
  return (
    <form onSubmit={form.onSubmit(onSubmit)} noValidate>
      <Stack gap="md">
        <TextInput
          {...field('Name')}
          label={t('form.name')}
          description={nameHint}
          maxLength={nameMax}
          autoComplete="off"
          disabled={busy}
          required
          data-autofocus
        />
        <Textarea
          {...field('Description')}
          label={t('form.description')}
          description={t('form.descriptionHint', { max: BACKUP_DESCRIPTION_MAX })}
          maxLength={BACKUP_DESCRIPTION_MAX}
          autosize
          minRows={2}
          maxRows={5}
          disabled={busy}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
