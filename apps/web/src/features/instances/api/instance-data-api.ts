import { BackupList, FirewallState, POLL, SnapshotList } from '@nimbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { instanceKeys, instanceQueryOptions } from './instances-api';

/** The firewall, backups and snapshots of an instance: under its detail key, so every action refreshes them. */
export const instanceDataKeys = {
  firewall: (id: number) => [...instanceKeys.detail(id), 'firewall'] as const,
  backups: (id: number) => [...instanceKeys.detail(id), 'backups'] as const,
  snapshots: (id: number) => [...instanceKeys.detail(id), 'snapshots'] as const,
};

/** GET api/instance/firewall/rules. */
export const firewallQueryOptions = (id: number) =>
  queryOptions({
    queryKey: instanceDataKeys.firewall(id),
    queryFn: ({ signal }) => api.get('instance/firewall/rules', FirewallState, { id }, signal),
  });

/** GET api/instance/backups. */
export const backupsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: instanceDataKeys.backups(id),
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
    queryKey: instanceDataKeys.snapshots(id),
    queryFn: ({ signal }) => api.get('instance/snapshots', SnapshotList, { id }, signal),
  });

/**
 * Whether the instance has a server to act on (available or paused, as the server requires): the
 * firewall and snapshots live in Proxmox and are only read then, and no action is offered otherwise.
 */
export function useInstanceLive(id: number): boolean {
  const { data } = useQuery(instanceQueryOptions(id));
  return data?.Status === 'available' || data?.Status === 'paused';
}
