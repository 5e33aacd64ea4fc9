import { InstanceDetail, InstanceList, type InstanceStatus, POLL } from '@nimbus/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';

/** GET api/instances parameters: the API's limit, plus the list page's filter, search and page. */
export interface InstancesParams {
  limit: number;
  page?: number;
  status?: InstanceStatus;
  search?: string;
}

export const instanceKeys = {
  all: ['instances'] as const,
  list: (params: InstancesParams) => [...instanceKeys.all, 'list', params] as const,
  detail: (id: number) => [...instanceKeys.all, 'detail', id] as const,
};

/** A status that a running job will change: the page keeps reading until it settles (as while a task runs). */
export const isTransient = (status: InstanceStatus) => status === 'creating' || status === 'recreating';

export const instancesQueryOptions = (params: InstancesParams) =>
  queryOptions({
    queryKey: instanceKeys.list(params),
    queryFn: ({ signal }) => api.get('instances', InstanceList, { ...params }, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.Items.some((i) => isTransient(i.Status) || i.RunningTask) ? POLL.instanceStatusMs : false,
  });

/** GET api/instance/get: one of the caller's instances; another customer's id is "not found". */
export const instanceQueryOptions = (id: number) =>
  queryOptions({
    queryKey: instanceKeys.detail(id),
    queryFn: ({ signal }) => api.get('instance/get', InstanceDetail, { id }, signal),
    refetchInterval: (query) =>
      query.state.data && (isTransient(query.state.data.Status) || query.state.data.RunningTask)
        ? POLL.instanceStatusMs
        : false,
  });

/**
 * Whether the instance has a server to act on (available or paused, as the server requires): the
 * firewall and snapshots live in Proxmox and are only read then, and no action is offered otherwise.
 */
export function useInstanceLive(id: number): boolean {
  const { data } = useQuery(instanceQueryOptions(id));
  return data?.Status === 'available' || data?.Status === 'paused';
}
