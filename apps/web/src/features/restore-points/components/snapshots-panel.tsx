import { SNAPSHOT_NAME, type Snapshot, type SnapshotList } from '@nimbus/contract';
import { Skeleton, Text } from '@mantine/core';
import { IconCamera } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { useInstanceLive } from '../../../lib/instances/instances-api';
import { snapshotsQueryOptions } from '../api/restore-points-api';
import { RestorePoints } from './restore-points';

/** Proxmox's snapshot names, checked as the server does; "current" is its name for the live state. */
const checkSnapshotName = (name: string) =>
  !SNAPSHOT_NAME.pattern.test(name) || name.toLowerCase() === 'current' ? 'invalid_snapshot_name' : undefined;

/** The snapshots of an instance, with its plan's quota: take, roll back and delete (docs/product/instances.md). */
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
  return (
    <RestorePoints
      instanceId={instanceId}
      kind="snapshots"
      action="snapshot"
      items={list.Items}
      quota={list.Quota}
      used={list.Items.length}
      createIcon={<IconCamera size={16} aria-hidden />}
      keyOf={(s) => s.Name}
      target={(s: Snapshot) => ({ Name: s.Name })}
      nameHint={t('snapshots.nameHint', { max: SNAPSHOT_NAME.max })}
      nameMax={SNAPSHOT_NAME.max}
      checkName={checkSnapshotName}
    />
  );
}
