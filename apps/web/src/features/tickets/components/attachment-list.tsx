import type { TicketAttachment } from '@nimbus/contract';
import { ActionIcon, Group, Skeleton, Text, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconDownload } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { attachmentQueryOptions } from '../api/attachments-api';
import { saveBlob } from '../api/transfer';
import { AttachmentIcon } from './attachment-icon';
import classes from './tickets.module.css';
import { useBytes } from './use-bytes';

/** A message's attachments: icon, name and size, a download, and a thumbnail for images. */
export function AttachmentList({ attachments }: { attachments: readonly TicketAttachment[] }) {
  const { t } = useTranslation('tickets');
  if (attachments.length === 0) return null;
  return (
    <ul className={classes.attachments} aria-label={t('attachments.label')}>
      {attachments.map((a) => (
        <li key={a.Id} className={classes.attachment}>
          <AttachmentRow attachment={a} />
          {a.ContentType.startsWith('image/') ? <Thumbnail attachment={a} /> : null}
        </li>
      ))}
    </ul>
  );
}

function AttachmentRow({ attachment: a }: { attachment: TicketAttachment }) {
  const { t } = useTranslation('tickets');
  const { t: tErrors } = useTranslation('errors');
  const bytes = useBytes();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);
  const label = t('attachments.download', { name: a.Name });

  const download = async () => {
    setBusy(true);
    try {
      saveBlob(await queryClient.fetchQuery(attachmentQueryOptions(a.Id)), a.Name);
    } catch (error) {
      showErrorToast(error, tErrors, t('attachments.downloadFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Group gap="sm" wrap="nowrap">
      <AttachmentIcon type={a.ContentType} name={a.Name} />
      <div style={{ minWidth: 0, flex: '1 1 auto' }}>
        <Text fz="sm" fw={500} truncate title={a.Name}>
          {a.Name}
        </Text>
        <Text fz="xs" c="dimmed">
          {bytes(a.Size)}
        </Text>
      </div>
      <Tooltip label={label} withArrow>
        <ActionIcon variant="subtle" size="lg" aria-label={label} onClick={() => void download()} loading={busy}>
          <IconDownload size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

/** The image from a blob URL (the download needs the session header), opened larger on click. */
function Thumbnail({ attachment: a }: { attachment: TicketAttachment }) {
  const { t } = useTranslation('tickets');
  const blob = useQuery(attachmentQueryOptions(a.Id));
  const url = useObjectUrl(blob.data);
  const [opened, { open, close }] = useDisclosure(false);
  if (blob.isError) return null;
  if (!url) return <Skeleton height={120} width="calc(100% - 6px)" />;
  return (
    <>
      <button
        type="button"
        className={classes.thumb}
        onClick={open}
        aria-label={t('attachments.preview', { name: a.Name })}
      >
        <img src={url} alt="" />
      </button>
      <Dialog opened={opened} onClose={close} title={a.Name} size="xl" centered>
        <img src={url} alt={a.Name} className={classes.preview} />
      </Dialog>
    </>
  );
}

/** A blob URL for as long as the component shows the blob. */
function useObjectUrl(blob: Blob | undefined): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!blob) return;
    const made = URL.createObjectURL(blob);
    setUrl(made);
    return () => {
      URL.revokeObjectURL(made);
      setUrl(undefined);
    };
  }, [blob]);
  return url;
}
