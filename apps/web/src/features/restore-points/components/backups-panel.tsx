import { BACKUP_NAME_MAX, type Backup, type BackupList } from '@nimbus/contract';
import { Badge, Skeleton, Stack, Text } from '@mantine/core';
import { IconArchive } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { useInstanceLive } from '../../../lib/instances/instances-api';
import { backupsQueryOptions } from '../api/restore-points-api';
import { RestorePoints } from './restore-points';

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

/** The backups of an instance, with its plan's quota: create, restore and delete (docs/product/instances.md). */
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
  // Backups outlive a server that is being reinstalled or destroyed; only acting needs one.
  const live = useInstanceLive(instanceId);
  const failed = list.Items.some((b) => b.Status === 'failed');
  return (
    <Stack gap="sm">
      <RestorePoints
        instanceId={instanceId}
        kind="backups"
        action="backup"
        items={list.Items}
        quota={list.Quota}
        used={list.Items.length}
        createIcon={<IconArchive size={16} aria-hidden />}
        live={live}
        keyOf={(b) => b.Id}
        target={(b: Backup) => ({ BackupId: b.Id })}
        badge={(b) =>
          b.Status === 'ready' ? null : (
            <Badge size="sm" variant="light" color={b.Status === 'failed' ? 'red' : 'ocean'}>
              {t(`backups.status.${b.Status}`)}
            </Badge>
          )
        }
        columns={[{ header: t('backups.columns.size'), cell: (b) => (b.Size === null ? '—' : formatBytes(b.Size)) }]}
        canRestore={(b) => b.Status === 'ready'}
        canDelete={(b) => b.Status === 'ready' || b.Status === 'failed'}
        nameHint={t('backups.nameHint', { max: BACKUP_NAME_MAX })}
        nameMax={BACKUP_NAME_MAX}
        checkName={() => undefined}
      />
      {failed ? (
        <Text fz="sm" c="dimmed">
          {t('backups.failedCounts')}
        </Text>
      ) : null}
    </Stack>
  );
}
