import { AutoRenewResult, QUERY, Template, UpgradeOptions, type InstanceStatus, type VmState } from '@nimbus/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { instanceStatusQueryOptions } from '../../../lib/instances/instance-live-api';
import { instanceKeys } from '../../../lib/instances/instances-api';
import { useAction } from '../../../lib/use-action';

export const lifecycleKeys = {
  upgrades: (id: number) => [...instanceKeys.all, 'upgrades', id] as const,
  templates: (productId: number) => [...instanceKeys.all, 'templates', productId] as const,
};

/** Instance statuses in which a VM exists and takes actions (the server's LIVE). */
export const isLive = (status: InstanceStatus) => status === 'available' || status === 'paused';

/**
 * The VM's power state for the action buttons: `null` while unknown (no live VM, or not read yet),
 * so no action is offered that the server would refuse.
 */
export function useVmState(id: number, status: InstanceStatus): VmState | null {
  const live = useQuery({ ...instanceStatusQueryOptions(id), enabled: isLive(status) });
  if (!isLive(status) || !live.data || live.data.State === 'unknown') return null;
  return live.data.State;
}

/** GET api/instance/upgrades: the larger sizes with the prorated charge of each. */
export const upgradesQueryOptions = (id: number) =>
  queryOptions({
    queryKey: lifecycleKeys.upgrades(id),
    queryFn: ({ signal }) => api.get('instance/upgrades', UpgradeOptions, { id }, signal),
  });

const Templates = z.array(Template);

/**
 * GET api/product/templates (cached 30 s, docs/product/deploy.md#catalogue): the images the
 * instance's product offers.
 */
export const productTemplatesQueryOptions = (productId: number) =>
  queryOptions({
    queryKey: lifecycleKeys.templates(productId),
    queryFn: ({ signal }) => api.get('product/templates', Templates, { productId }, signal),
    staleTime: QUERY.templatesStaleMs,
  });

/** POST api/instance/autorenew: stored at once, no task to wait for. */
export function useAutoRenew(id: number) {
  const queryClient = useQueryClient();
  return useAction(async (on: boolean) => {
    try {
      return await api.post('instance/autorenew', { Id: id, AutoRenew: on }, AutoRenewResult);
    } finally {
      await queryClient.invalidateQueries({ queryKey: instanceKeys.all });
    }
  });
}
