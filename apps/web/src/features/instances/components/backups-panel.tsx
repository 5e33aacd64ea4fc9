import { BACKUP_NAME_MAX, type Backup, type BackupList } from '@nimbus/contract';
import { ActionIcon, Badge, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconArchive, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { backupsQueryOptions, useInstanceLive } from '../api/instance-data-api';
import { ConfirmDialog, NameDescriptionDialog, type NameDescription } from './instance-data-dialogs';
import classes from './instance-data.module.css';
import { useDataAction } from './use-data-action';

/** Bytes in binary units, as Proxmox shows sizes. */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KiB', 'MiB', 'GiB', 'TiB'];
  let n = bytes;
  let i = 0;
  while (n >= 1024 && i < units.length - 1) {
    n /= 1024;
    i++;
  }
  return `${i === 0 ? n : n.toFixed(n >= 100 ? 0 : 1)} ${units[i]}`;
}

/** The backups of an instance, with its plan's quota: create, restore and delete (SPEC §4). */
export function BackupsPanel({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation('instance-data');
  const query = useQuery(backupsQueryOptions(instanceId));
  return (
    <SectionCard title={t('backups.title')}>
      {query.data ? (
        <Backups instanceId={instanceId} list={query.data} />
      ) : query.isError ? (
        <Text c="red.8" role="alert">
          {t('backups.loadFailed')}
        </Text>
      ) : (
        <Skeleton height={120} />
      )}
    </SectionCard>
  );
}

function Backups({ instanceId, list }: { instanceId: number; list: BackupList }) {
  const { t } = useTranslation('instance-data');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const add = useDataAction<NameDescription>(instanceId, 'backup/add');
  const restore = useDataAction<{ BackupId: number }>(instanceId, 'backup/restore');
  const remove = useDataAction<{ BackupId: number }>(instanceId, 'backup/del');
  // Backups outlive a server that is being reinstalled or destroyed; only acting needs one.
  const live = useInstanceLive(instanceId);
  const busy = add.isPending || restore.isPending || remove.isPending || !live;
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<Backup | null>(null);
  const [deleting, setDeleting] = useState<Backup | null>(null);
  const used = list.Items.filter((b) => b.Status !== 'failed').length;
  const full = used >= list.Quota;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Text fz="sm">{t('backups.intro')}</Text>
          <Text fz="sm" c="dimmed">
            {t('backups.usage', { used, quota: list.Quota })}
          </Text>
        </div>
        <Button
          leftSection={<IconArchive size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          disabled={busy || full}
        >
          {t('backups.create')}
        </Button>
      </Group>
      {!live ? (
        <Text c="dimmed" fz="sm">
          {t('notLive')}
        </Text>
      ) : full ? (
        <Text fz="sm" role="status">
          {list.Quota === 0 ? t('backups.noQuota') : t('backups.quotaReached', { quota: list.Quota })}
        </Text>
      ) : null}
      {list.Items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('backups.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table striped className={classes.table} aria-label={t('backups.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('backups.columns.name')}</Table.Th>
                <Table.Th>{t('backups.columns.description')}</Table.Th>
                <Table.Th>{t('backups.columns.size')}</Table.Th>
                <Table.Th>{t('backups.columns.date')}</Table.Th>
                <Table.Th>{t('backups.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.Items.map((b) => (
                <Table.Tr key={b.Id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text fz="sm" fw={500}>
                        {b.Name}
                      </Text>
                      {b.Status === 'ready' ? null : (
                        <Badge size="sm" variant="light" color={b.Status === 'failed' ? 'red' : 'ocean'}>
                          {t(`backups.status.${b.Status}`)}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td className={classes.comment}>{b.Description}</Table.Td>
                  <Table.Td>{b.Size === null ? '—' : formatBytes(b.Size)}</Table.Td>
                  <Table.Td>{date.format(new Date(b.CreatedAt))}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        onClick={() => setRestoring(b)}
                        disabled={busy || b.Status !== 'ready'}
                        aria-label={t('backups.restoreItem', { name: b.Name })}
                      >
                        <IconRestore size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        onClick={() => setDeleting(b)}
                        disabled={busy || (b.Status !== 'ready' && b.Status !== 'failed')}
                        aria-label={t('backups.deleteItem', { name: b.Name })}
                      >
                        <IconTrash size={18} aria-hidden />
                      </ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <NameDescriptionDialog
        opened={creating}
        onClose={() => setCreating(false)}
        title={t('backups.formTitle')}
        nameMax={BACKUP_NAME_MAX}
        checkName={() => undefined}
        busy={add.isPending}
        submit={(values, callbacks) =>
          add.run(values, { success: t('backups.created'), failure: t('backups.createFailed') }, callbacks)
        }
      />
      <ConfirmDialog
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title={t('backups.restoreTitle', { name: restoring?.Name ?? '' })}
        message={t('backups.restoreMessage')}
        confirmLabel={t('backups.restoreConfirm')}
        busy={restore.isPending}
        onConfirm={() =>
          restoring &&
          restore.run(
            { BackupId: restoring.Id },
            { success: t('backups.restored'), failure: t('backups.restoreFailed') },
            { onAccepted: () => setRestoring(null), onFailed: () => setRestoring(null) },
          )
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('backups.deleteTitle', { name: deleting?.Name ?? '' })}
        message={t('backups.deleteMessage')}
        confirmLabel={t('backups.deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.run(
            { BackupId: deleting.Id },
            { success: t('backups.deleted'), failure: t('backups.deleteFailed') },
            { onAccepted: () => setDeleting(null), onFailed: () => setDeleting(null) },
          )
        }
      />
    </Stack>
  );
}
