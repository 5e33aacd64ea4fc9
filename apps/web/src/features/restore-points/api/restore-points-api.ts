import { BackupList, POLL, SnapshotList } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { instanceKeys } from '../../../lib/instances/instances-api';

/** The backups and snapshots of an instance: under its detail key, so every action refreshes them. */
export const restorePointKeys = {
  backups: (id: number) => [...instanceKeys.detail(id), 'backups'] as const,
  snapshots: (id: number) => [...instanceKeys.detail(id), 'snapshots'] as const,
};

/** GET api/instance/backups. */
export const backupsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: restorePointKeys.backups(id),
    queryFn: ({ signal }) => api.get('instance/backups', BackupList, { id }, signal),
    // A backup another tab (or a page left meanwhile) is making, restoring or deleting: follow it.
    refetchInterval: (query) =>
      query.state.data?.Items.some((b) => b.Status !== 'ready' && b.Status !== 'failed')
        ? POLL.instanceStatusMs
        : false,
  });

/** GET api/instance/snapshots. */
export const snapshotsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: restorePointKeys.snapshots(id),
    queryFn: ({ signal }) => api.get('instance/snapshots', SnapshotList, { id }, signal),
  });
