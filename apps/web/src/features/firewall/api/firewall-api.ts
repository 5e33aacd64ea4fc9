import { FirewallState } from '@nimbus/contract';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { instanceKeys } from '../../../lib/instances/instances-api';

/** The firewall of an instance: under its detail key, so every action refreshes it. */
export const firewallKeys = {
  rules: (id: number) => [...instanceKeys.detail(id), 'firewall'] as const,
};

/** GET api/instance/firewall/rules. */
export const firewallQueryOptions = (id: number) =>
  queryOptions({
    queryKey: firewallKeys.rules(id),
    queryFn: ({ signal }) => api.get('instance/firewall/rules', FirewallState, { id }, signal),
  });
