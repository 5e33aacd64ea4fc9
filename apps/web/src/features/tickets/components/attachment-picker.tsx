import { ATTACHMENT_TYPES, TICKET_LIMITS } from '@nimbus/contract';
import { ActionIcon, Alert, Button, CloseButton, FileButton, Group, Progress, Stack, Text } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck, IconPaperclip, IconX } from '@tabler/icons-react';
import { useRef } from 'react';
import type { TFunction } from '../../../lib/i18n/translate';
import { useTranslation } from '../../../lib/i18n/react';
import { AttachmentIcon } from './attachment-icon';
import classes from './tickets.module.css';
import { useBytes } from './use-bytes';
import type { useUploads } from './use-uploads';

/** What the file dialog offers first; the server still judges every file by its bytes. */
const ACCEPT = [...ATTACHMENT_TYPES, '.txt', '.log', '.pdf'].join(',');

interface AttachmentPickerProps {
  uploads: ReturnType<typeof useUploads>;
  disabled?: boolean;
  /** A message about the attachments as a whole (e.g. the server refused their count). */
  error?: string;
}

/** What the server's `fields.AttachmentIds` says: too many, or an id that is not a waiting upload. */
export const attachmentsMessage = (key: string, t: TFunction<'errors'>) =>
  t(key === 'too_many_attachments' ? 'field.too_many_attachments' : 'field.invalid_value');

/** Choose files for a message: each uploads at once, with its progress and a remove button; refused ones apart. */
export function AttachmentPicker({ uploads, disabled = false, error }: AttachmentPickerProps) {
  const { t } = useTranslation('tickets');
  const { t: tErrors } = useTranslation('errors');
  const bytes = useBytes();
  const resetRef = useRef<() => void>(null);
  // A file the client or the server refused is never part of the message: it leaves the list of
  // what will be sent and is named, with the reason, in an alert of its own until dismissed.
  const attached = uploads.uploads.filter((u) => u.state !== 'failed');
  const rejected = uploads.uploads.filter((u) => u.state === 'failed');
  const taken = attached.length;
  const full = taken >= TICKET_LIMITS.attachmentsPerMessage;
  const max = TICKET_LIMITS.attachmentsPerMessage;
  const size = bytes(TICKET_LIMITS.attachmentMaxBytes);

  return (
    <Stack gap="xs">
      <Group gap="sm" wrap="wrap">
        <FileButton
          multiple
          accept={ACCEPT}
          resetRef={resetRef}
          disabled={disabled || full}
          onChange={(files) => {
            uploads.add(files);
            resetRef.current?.();
          }}
        >
          {(props) => (
            <Button
              {...props}
              variant="default"
              leftSection={<IconPaperclip size={16} aria-hidden />}
              disabled={disabled || full}
            >
              {t('attachments.add')}
            </Button>
          )}
        </FileButton>
        <Text fz="xs" c="dimmed" style={{ flex: '1 1 200px' }}>
          {t('attachments.hint', { count: max, size, taken })}
        </Text>
      </Group>
      {uploads.refused > 0 || error ? (
        <Text fz="sm" c="var(--mantine-color-error)" role="alert">
          {error ?? tErrors('field.too_many_attachments')}
        </Text>
      ) : null}
      {rejected.length > 0 ? (
        <Alert
          color="red"
          variant="light"
          role="alert"
          title={t('attachments.notAttached')}
          icon={<IconAlertCircle size={18} aria-hidden />}
          data-testid="rejected-attachments"
        >
          <Stack gap={4}>
            {rejected.map((u) => (
              <Group key={u.key} gap="xs" wrap="nowrap" justify="space-between">
                <Text fz="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                  <Text span fz="sm" fw={600}>
                    {u.name}
                  </Text>
                  {t('attachments.because', { reason: u.error ? tErrors(u.error) : tErrors('code.unknown_error') })}
                </Text>
                <CloseButton
                  size="sm"
                  onClick={() => uploads.remove(u.key)}
                  aria-label={t('attachments.remove', { name: u.name })}
                />
              </Group>
            ))}
          </Stack>
        </Alert>
      ) : null}
      {attached.length > 0 ? (
        <ul className={classes.uploads} aria-label={t('attachments.label')}>
          {attached.map((u) => (
            <li key={u.key} className={classes.upload} data-state={u.state}>
              <Group gap="sm" wrap="nowrap" align="center">
                <AttachmentIcon name={u.name} type={u.attachment?.ContentType} />
                <div className={classes.uploadBody}>
                  <Group gap={6} wrap="nowrap" justify="space-between">
                    <Text fz="sm" fw={500} truncate title={u.name}>
                      {u.name}
                    </Text>
                    <Text fz="xs" c="dimmed" className={classes.nowrap}>
                      {bytes(u.size)}
                    </Text>
                  </Group>
                  {u.state === 'uploading' ? (
                    <Progress
                      value={Math.round(u.progress * 100)}
                      size="sm"
                      mt={6}
                      aria-label={t('attachments.uploading', { name: u.name, percent: Math.round(u.progress * 100) })}
                    />
                  ) : (
                    <Group gap={4} wrap="nowrap" mt={2}>
                      <IconCircleCheck size={14} aria-hidden className={classes.ok} />
                      <Text fz="xs" c="dimmed">
                        {t('attachments.uploaded')}
                      </Text>
                    </Group>
                  )}
                </div>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  size="lg"
                  onClick={() => uploads.remove(u.key)}
                  aria-label={t('attachments.remove', { name: u.name })}
                  disabled={disabled}
                >
                  <IconX size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ul>
      ) : null}
    </Stack>
  );
}
