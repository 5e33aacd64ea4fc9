import {
  GuestOsInfo,
  InstanceFull,
  InstanceLiveStatus,
  InstancePowerList,
  POLL,
  RrdData,
  type RrdCf,
  type RrdTimeframe,
} from '@nimbus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';
import { instanceKeys } from './instances-api';

/** The instance page's reads sit under the instance's key: invalidating the instance refreshes them. */
export const liveKeys = {
  full: (id: number) => [...instanceKeys.detail(id), 'full'] as const,
  status: (id: number) => [...instanceKeys.detail(id), 'status'] as const,
  rrd: (id: number, timeframe: RrdTimeframe, cf: RrdCf) => [...instanceKeys.detail(id), 'rrd', timeframe, cf] as const,
  osInfo: (id: number) => [...instanceKeys.detail(id), 'osinfo'] as const,
};

/** GET api/instance: the instance with its product, renewal price, addresses and ISO. */
export const instanceFullQueryOptions = (id: number) =>
  queryOptions({
    queryKey: liveKeys.full(id),
    queryFn: ({ signal }) => api.get('instance', InstanceFull, { id }, signal),
  });

/**
 * GET api/instance/status, polled every 2 s
 * (docs/product/instances.md#live-charts-and-usage-history), also while the tab is in the
 * background.
 */
export const instanceStatusQueryOptions = (id: number) =>
  queryOptions({
    queryKey: liveKeys.status(id),
    queryFn: ({ signal }) => api.get('instance/status', InstanceLiveStatus, { id }, signal),
    refetchInterval: POLL.instanceStatusMs,
    refetchIntervalInBackground: true,
    staleTime: 0,
  });

/** GET api/instance/rrd: usage history (the page prefetches the day's averages). */
export const instanceRrdQueryOptions = (id: number, timeframe: RrdTimeframe = 'day', cf: RrdCf = 'AVERAGE') =>
  queryOptions({
    queryKey: liveKeys.rrd(id, timeframe, cf),
    queryFn: ({ signal }) => api.get('instance/rrd', RrdData, { id, timeframe, cf }, signal),
    placeholderData: keepPreviousData,
  });

/** How often the guest OS is asked for again while its agent does not answer. */
const GUEST_AGENT_RETRY_MS = 5_000;

/** GET api/instance/agent/osinfo: what the guest agent says about the OS. */
export const guestOsQueryOptions = (id: number) =>
  queryOptions({
    queryKey: liveKeys.osInfo(id),
    queryFn: ({ signal }) => api.get('instance/agent/osinfo', GuestOsInfo, { id }, signal),
    // Right after a deploy, start or reinstall the agent may not answer yet: ask again until it
    // does, so the panel fills without a reload.
    refetchInterval: (query) => (query.state.data?.Available === false ? GUEST_AGENT_RETRY_MS : false),
  });

/** How often the lists ask again for their instances' power states. */
const POWER_LIST_POLL_MS = 10_000;

/**
 * GET api/instances/power: the power state of each of the caller's instances, for the lists (one
 * read of the servers' status cache per cluster). Under the instances' key, so a power action's
 * refresh of the instances refreshes it too.
 */
export const instancePowerQueryOptions = () =>
  queryOptions({
    queryKey: [...instanceKeys.all, 'power'] as const,
    queryFn: ({ signal }) => api.get('instances/power', InstancePowerList, {}, signal),
    select: (list) => new Map(list.map((p) => [p.Id, p.State])),
    refetchInterval: POWER_LIST_POLL_MS,
  });
