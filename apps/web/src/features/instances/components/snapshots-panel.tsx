import { SNAPSHOT_NAME, type Snapshot, type SnapshotList } from '@nimbus/contract';
import { ActionIcon, Button, Group, Skeleton, Stack, Table, Text } from '@mantine/core';
import { IconCamera, IconRestore, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { SectionCard } from '../../../components/section-card';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { snapshotsQueryOptions, useInstanceLive } from '../api/instance-data-api';
import { ConfirmDialog, NameDescriptionDialog, type NameDescription } from './instance-data-dialogs';
import classes from './instance-data.module.css';
import { useDataAction } from './use-data-action';

/** Proxmox's snapshot names, checked as the server does; "current" is its name for the live state. */
const checkSnapshotName = (name: string) =>
  !SNAPSHOT_NAME.pattern.test(name) || name.toLowerCase() === 'current' ? 'invalid_snapshot_name' : undefined;

/** The snapshots of an instance, with its plan's quota: take, roll back and delete (SPEC §4). */
export function SnapshotsPanel({ instanceId }: { instanceId: number }) {
  const { t } = useTranslation('instance-data');
  const live = useInstanceLive(instanceId);
  const query = useQuery({ ...snapshotsQueryOptions(instanceId), enabled: live });
  return (
    <SectionCard title={t('snapshots.title')}>
      {!live ? (
        <Text c="dimmed" fz="sm">
          {t('notLive')}
        </Text>
      ) : query.data ? (
        <Snapshots instanceId={instanceId} list={query.data} />
      ) : query.isError ? (
        <Text c="red.8" role="alert">
          {t('snapshots.loadFailed')}
        </Text>
      ) : (
        <Skeleton height={120} />
      )}
    </SectionCard>
  );
}

function Snapshots({ instanceId, list }: { instanceId: number; list: SnapshotList }) {
  const { t } = useTranslation('instance-data');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const add = useDataAction<NameDescription>(instanceId, 'snapshot/add');
  const restore = useDataAction<{ Name: string }>(instanceId, 'snapshot/restore');
  const remove = useDataAction<{ Name: string }>(instanceId, 'snapshot/del');
  const busy = add.isPending || restore.isPending || remove.isPending;
  const [creating, setCreating] = useState(false);
  const [restoring, setRestoring] = useState<Snapshot | null>(null);
  const [deleting, setDeleting] = useState<Snapshot | null>(null);
  const used = list.Items.length;
  const full = used >= list.Quota;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Text fz="sm">{t('snapshots.intro')}</Text>
          <Text fz="sm" c="dimmed">
            {t('snapshots.usage', { used, quota: list.Quota })}
          </Text>
        </div>
        <Button
          leftSection={<IconCamera size={16} aria-hidden />}
          onClick={() => setCreating(true)}
          disabled={busy || full}
        >
          {t('snapshots.create')}
        </Button>
      </Group>
      {full ? (
        <Text fz="sm" role="status">
          {list.Quota === 0 ? t('snapshots.noQuota') : t('snapshots.quotaReached', { quota: list.Quota })}
        </Text>
      ) : null}
      {list.Items.length === 0 ? (
        <Text c="dimmed" fz="sm">
          {t('snapshots.empty')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={560}>
          <Table striped className={classes.table} aria-label={t('snapshots.label')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('snapshots.columns.name')}</Table.Th>
                <Table.Th>{t('snapshots.columns.description')}</Table.Th>
                <Table.Th>{t('snapshots.columns.date')}</Table.Th>
                <Table.Th>{t('snapshots.columns.actions')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.Items.map((s) => (
                <Table.Tr key={s.Name}>
                  <Table.Td>
                    <Text fz="sm" fw={500}>
                      {s.Name}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.comment}>{s.Description}</Table.Td>
                  <Table.Td>{s.CreatedAt ? date.format(new Date(s.CreatedAt)) : '—'}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon
                        variant="subtle"
                        size="lg"
                        onClick={() => setRestoring(s)}
                        disabled={busy}
                        aria-label={t('snapshots.restoreItem', { name: s.Name })}
                      >
                        <IconRestore size={18} aria-hidden />
                      </ActionIcon>
                      <ActionIcon
                        variant="subtle"
                        color="red.9"
                        size="lg"
                        onClick={() => setDeleting(s)}
                        disabled={busy}
                        aria-label={t('snapshots.deleteItem', { name: s.Name })}
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
        title={t('snapshots.formTitle')}
        nameHint={t('snapshots.nameHint', { max: SNAPSHOT_NAME.max })}
        nameMax={SNAPSHOT_NAME.max}
        checkName={checkSnapshotName}
        busy={add.isPending}
        submit={(values, callbacks) =>
          add.run(values, { success: t('snapshots.created'), failure: t('snapshots.createFailed') }, callbacks)
        }
      />
      <ConfirmDialog
        opened={restoring !== null}
        onClose={() => setRestoring(null)}
        title={t('snapshots.restoreTitle', { name: restoring?.Name ?? '' })}
        message={t('snapshots.restoreMessage')}
        confirmLabel={t('snapshots.restoreConfirm')}
        busy={restore.isPending}
        onConfirm={() =>
          restoring &&
          restore.run(
            { Name: restoring.Name },
            { success: t('snapshots.restored'), failure: t('snapshots.restoreFailed') },
            { onAccepted: () => setRestoring(null), onFailed: () => setRestoring(null) },
          )
        }
      />
      <ConfirmDialog
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('snapshots.deleteTitle', { name: deleting?.Name ?? '' })}
        message={t('snapshots.deleteMessage')}
        confirmLabel={t('snapshots.deleteConfirm')}
        busy={remove.isPending}
        onConfirm={() =>
          deleting &&
          remove.run(
            { Name: deleting.Name },
            { success: t('snapshots.deleted'), failure: t('snapshots.deleteFailed') },
            { onAccepted: () => setDeleting(null), onFailed: () => setDeleting(null) },
          )
        }
      />
    </Stack>
  );
}
