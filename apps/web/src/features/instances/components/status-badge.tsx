import type { InstanceStatus, VmState } from '@nimbus/contract';
import { Badge } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react';
import { instancePowerQueryOptions } from '../../../lib/instances/instance-live-api';

const COLORS: Record<InstanceStatus, string> = {
  available: 'teal',
  creating: 'ocean',
  recreating: 'ocean',
  pending: 'yellow',
  open: 'yellow',
  paused: 'orange',
  cancelled: 'gray',
  destroyed: 'gray',
};

const BADGE_STYLES = {
  root: { textTransform: 'none', flex: 'none', overflow: 'visible' },
  label: { overflow: 'visible' },
} as const;

const STATE_COLORS: Record<VmState, string> = { running: 'teal', stopped: 'gray', paused: 'orange', unknown: 'gray' };

/**
 * The VM's power state (running, stopped…) beside the subscription's status, which says what the
 * order is: or, while a power action runs, what it is doing ("Stopping…").
 */
export function PowerStateBadge({ state, pending }: { state: VmState; pending?: string }) {
  const { t } = useTranslation('instance-live');
  return (
    <Badge
      variant="dot"
      color={pending ? 'ocean' : STATE_COLORS[state]}
      data-testid="power-state"
      styles={BADGE_STYLES}
    >
      {pending ?? t(`vmState.${state}`)}
    </Badge>
  );
}

/** A list row's power state, from the lists' shared read; nothing for an instance without a VM. */
export function ListPowerBadge({ id }: { id: number }) {
  const { data } = useQuery(instancePowerQueryOptions());
  const state = data?.get(id);
  return state ? <PowerStateBadge state={state} /> : null;
}

/**
 * The status labels (docs/product/instances.md#statuses-instance_statuses-constantsts) ("available"
 * reads "Active", "recreating" reads "Reinstalling").
 */
export function StatusBadge({ status }: { status: InstanceStatus }) {
  const { t } = useTranslation('instances');
  return (
    <Badge variant="dot" color={COLORS[status]} styles={BADGE_STYLES}>
      {t(`status.${status}`)}
    </Badge>
  );
}
