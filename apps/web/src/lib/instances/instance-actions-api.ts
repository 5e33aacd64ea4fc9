import { useQueryClient } from '@tanstack/react-query';
import { refreshBalance } from '../session/balance';
import { useAction } from '../use-action';
import { instanceKeys } from './instances-api';
import { type InstanceActionPath, type InstanceActionVars, runInstanceAction } from './instance-tasks';

export { postAction, runInstanceAction, seeVmState, TaskFailedError, waitForTask } from './instance-tasks';
export type { InstanceActionBodies, InstanceActionPath, InstanceActionVars } from './instance-tasks';

/**
 * The action (useAction) of one instance action, typed by the contract: `path` names the action and its
 * variables are the action's request body without `Id` (InstanceActionBodies). It posts the action,
 * waits for its task to end, then refreshes everything under the instance's keys (detail, status,
 * lists). The power buttons and the console's start share runInstanceAction with it but keep an
 * action of their own (a pending state every part of the page sees; no balance on the console
 * pages, see instance-tasks.ts). `onAccepted` runs once the POST is accepted, before the task ends
 * (a dialog may close then). Errors reach `onError` as the
 * ApiError of the POST (e.g. wrong_status) or a TaskFailedError. An action that charges or refunds
 * (`movesMoney`, e.g. an upgrade: charged when accepted, refunded when its task fails) reads the
 * balance again once it ends, either way.
 */
export function useInstanceAction<P extends InstanceActionPath>(
  instanceId: number,
  path: P,
  opts: { intervalMs?: number; onAccepted?: (taskId: number) => void; movesMoney?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useAction(async (vars: InstanceActionVars<P>) => {
    try {
      return await runInstanceAction(queryClient, instanceId, path, vars, opts);
    } finally {
      if (opts.movesMoney) refreshBalance(queryClient);
      await queryClient.invalidateQueries({ queryKey: instanceKeys.all });
    }
  });
}
