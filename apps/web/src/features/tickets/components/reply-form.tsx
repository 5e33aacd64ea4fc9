import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useAction } from '../../../lib/use-action';
import { showFormError } from '../../../lib/form/server-errors';
import { useForm } from '../../../lib/form/use-form';
import { useFormField } from '../../../lib/form/use-form-field';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { ticketKeys } from '../api/ticket-keys';
import { replyTicket } from '../api/tickets-api';
import { validateReply } from '../form';
import { AttachmentPicker, attachmentsMessage } from './attachment-picker';
import { ContentField } from './content-field';
import { useUploads } from './use-uploads';

/** The reply box of an open ticket: text and attachments; a reply reopens an answered ticket. */
export function ReplyForm({ ticketId }: { ticketId: number }) {
  const { t } = useTranslation('tickets');
  const { t: tErrors } = useTranslation('errors');
  const queryClient = useQueryClient();
  const uploads = useUploads();
  const [waitAsked, setWaitAsked] = useState(false);
  const [attachmentsError, setAttachmentsError] = useState<string>();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const send = useAction((body: { Content: string; AttachmentIds: number[] }) =>
    replyTicket({ Id: ticketId, ...body }, idempotencyKey),
  );
  const form = useForm<{ Content: string }>({ initialValues: { Content: '' }, validate: validateReply });
  const field = useFormField(form);

  const submit = ({ Content }: { Content: string }) => {
    setWaitAsked(uploads.uploading);
    if (uploads.uploading) return;
    setAttachmentsError(undefined);
    send.mutate(
      { Content, AttachmentIds: uploads.ids },
      {
        onSuccess: () => {
          setIdempotencyKey(crypto.randomUUID());
          form.reset();
          uploads.clear();
          notify.success({ title: t('detail.sent') });
          void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
          void queryClient.invalidateQueries({ queryKey: ticketKeys.lists() });
        },
        onError: (error) => {
          setIdempotencyKey(crypto.randomUUID());
          const attachments = isApiError(error) ? error.fields.AttachmentIds : undefined;
          if (attachments) setAttachmentsError(attachmentsMessage(attachments, tErrors));
          showFormError(error, form, tErrors, t('detail.replyFailed'));
          // A ticket closed meanwhile (by staff, or in another tab) shows as closed.
          if (isApiError(error) && error.code === 'wrong_status') {
            void queryClient.invalidateQueries({ queryKey: ticketKeys.detail(ticketId) });
          }
        },
      },
    );
  };

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="reply-heading">
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md">
          <div>
            <Title order={2} fz="h4" id="reply-heading">
              {t('detail.reply')}
            </Title>
            <Text fz="sm" c="dimmed">
              {t('detail.replyHint')}
            </Text>
          </div>
          <ContentField
            {...field('Content')}
            label={t('detail.replyLabel')}
            placeholder={t('detail.replyPlaceholder')}
            minRows={4}
            required
          />
          <AttachmentPicker
            uploads={uploads}
            disabled={send.isPending}
            error={waitAsked && uploads.uploading ? t('attachments.wait') : attachmentsError}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={send.isPending} leftSection={<IconSend size={16} aria-hidden />}>
              {t('detail.send')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
