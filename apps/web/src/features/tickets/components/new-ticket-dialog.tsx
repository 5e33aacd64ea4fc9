import { TICKET_LIMITS, type Ticket } from '@nimbus/contract';
import { Alert, Button, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { isApiError } from '../../../lib/api-error';
import { useAction } from '../../../lib/use-action';
import { showFormError } from '../../../lib/form/server-errors';
import { useForm } from '../../../lib/form/use-form';
import { useFormField } from '../../../lib/form/use-form-field';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { ticketKeys } from '../api/ticket-keys';
import { addTicket, ticketTypesQueryOptions } from '../api/tickets-api';
import { type NewTicketValues, validateNewTicket } from '../form';
import { AttachmentPicker, attachmentsMessage } from './attachment-picker';
import { ContentField } from './content-field';
import { useUploads } from './use-uploads';

export interface InstanceChoice {
  value: string;
  label: string;
}

interface NewTicketDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The type to start with (e.g. from the dashboard's ticket types). */
  typeId?: number;
  /** The caller's instances a ticket may be about; undefined while they load. */
  instances: InstanceChoice[] | undefined;
  onCreated: (ticket: Ticket) => void;
}

/** The new-ticket form in a dialog: type, optional instance, subject, message and attachments. */
export function NewTicketDialog({ opened, onClose, typeId, instances, onCreated }: NewTicketDialogProps) {
  const { t } = useTranslation('tickets');
  return (
    <Dialog opened={opened} onClose={onClose} title={t('form.title')} size="lg">
      <NewTicketForm typeId={typeId} instances={instances} onCancel={onClose} onCreated={onCreated} />
    </Dialog>
  );
}

function NewTicketForm({
  typeId,
  instances,
  onCancel,
  onCreated,
}: Omit<NewTicketDialogProps, 'opened' | 'onClose'> & { onCancel: () => void }) {
  const { t } = useTranslation('tickets');
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  const types = useQuery(ticketTypesQueryOptions());
  const uploads = useUploads();
  // Sending waits for the uploads; the server may still refuse the ids (e.g. too many).
  const [waitAsked, setWaitAsked] = useState(false);
  const [attachmentsError, setAttachmentsError] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useAction((body: Parameters<typeof addTicket>[0]) => addTicket(body, idempotencyKey));
  const initialType = typeId !== undefined ? String(typeId) : '';
  const form = useForm<NewTicketValues>({
    initialValues: { TypeId: initialType, InstanceId: '', Title: '', Content: '' },
    validate: validateNewTicket,
  });
  const field = useFormField(form);
  const typeOptions = types.data?.map((type) => ({ value: String(type.Id), label: type.Name })) ?? [];
  // A type from a link that is not (or no longer) on offer is not chosen.
  const chosenType = types.data?.find((type) => String(type.Id) === form.values.TypeId);
  const failedTitle = t('form.failed');

  const submit = (values: NewTicketValues) => {
    setWaitAsked(uploads.uploading);
    if (uploads.uploading) return;
    setAttachmentsError(undefined);
    send.mutate(
      {
        TypeId: Number(values.TypeId),
        InstanceId: values.InstanceId === '' ? null : Number(values.InstanceId),
        Title: values.Title.trim(),
        Content: values.Content,
        AttachmentIds: uploads.ids,
      },
      {
        onSuccess: (ticket) => {
          void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
          notify.success({ title: t('form.created'), message: t('form.createdMessage', { id: ticket.Id }) });
          onCreated(ticket);
        },
        onError: (error) => {
          setIdempotencyKey(crypto.randomUUID());
          const attachments = isApiError(error) ? error.fields.AttachmentIds : undefined;
          if (attachments) setAttachmentsError(attachmentsMessage(attachments, tErrors));
          showFormError(error, form, tErrors, failedTitle, { instance_not_exist: { field: 'InstanceId' } });
        },
      },
    );
  };

  if (types.isPending) {
    return (
      <Stack gap="md" aria-busy>
        <Skeleton height={56} />
        <Skeleton height={56} />
        <Skeleton height={120} />
      </Stack>
    );
  }
  if (types.isError || typeOptions.length === 0) {
    return (
      <Alert color={types.isError ? 'red' : 'gray'} title={t(types.isError ? 'form.typesFailed' : 'form.noTypesTitle')}>
        {t(types.isError ? 'form.typesFailedMessage' : 'form.noTypes')}
      </Alert>
    );
  }

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <Select
          label={t('form.type')}
          placeholder={t('form.typePlaceholder')}
          data={typeOptions}
          value={chosenType ? form.values.TypeId : null}
          onChange={(value) => form.setFieldValue('TypeId', value ?? '')}
          error={field('TypeId').error}
          description={chosenType?.Description || undefined}
          renderOption={({ option }) => {
            const type = types.data?.find((x) => String(x.Id) === option.value);
            return (
              <div>
                <Text fz="sm">{option.label}</Text>
                {type?.Description ? (
                  <Text fz="xs" c="dimmed">
                    {type.Description}
                  </Text>
                ) : null}
              </div>
            );
          }}
          allowDeselect={false}
          required
          comboboxProps={{ withinPortal: true }}
          data-autofocus
        />
        <Select
          label={t('form.instance')}
          description={t('form.instanceHint')}
          placeholder={instances && instances.length === 0 ? t('form.noInstances') : t('form.instancePlaceholder')}
          data={instances ?? []}
          value={form.values.InstanceId === '' ? null : form.values.InstanceId}
          onChange={(value) => form.setFieldValue('InstanceId', value ?? '')}
          error={field('InstanceId').error}
          disabled={!instances || instances.length === 0}
          clearable
          searchable
          nothingFoundMessage={t('form.noMatch')}
          comboboxProps={{ withinPortal: true }}
          clearButtonProps={{ 'aria-label': t('form.clearInstance') }}
        />
        <TextInput
          {...field('Title')}
          label={t('form.subject')}
          placeholder={t('form.subjectPlaceholder')}
          maxLength={TICKET_LIMITS.titleMax}
          autoComplete="off"
          required
        />
        <ContentField
          {...field('Content')}
          label={t('form.content')}
          placeholder={t('form.contentPlaceholder')}
          required
        />
        <Stack gap={4}>
          <Text fz="sm" fw={500} component="div">
            {t('attachments.label')}
          </Text>
          <AttachmentPicker
            uploads={uploads}
            disabled={send.isPending}
            error={waitAsked && uploads.uploading ? t('attachments.wait') : attachmentsError}
          />
        </Stack>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            {t('common:actions.cancel')}
          </Button>
          <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
            {t('form.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
