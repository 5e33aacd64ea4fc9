import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshBalance } from '../session/balance';
import { instanceKeys } from './instances-api';
import { runInstanceAction } from './instance-tasks';

export { postAction, runInstanceAction, seeVmState, TaskFailedError, waitForTask } from './instance-tasks';

/**
 * A mutation for one instance action: posts it, waits for its task to end, then refreshes
 * everything under the instance's keys (detail, status, lists). `onAccepted` runs once the POST is
 * accepted, before the task ends (a dialog may close then). Errors reach `onError` as the
 * ApiError of the POST (e.g. wrong_status) or a TaskFailedError. An action that charges or refunds
 * (`movesMoney`, e.g. an upgrade: charged when accepted, refunded when its task fails) reads the
 * balance again once it ends, either way.
 */
export function useInstanceAction<V extends Record<string, unknown>>(
  instanceId: number,
  path: string,
  opts: { intervalMs?: number; onAccepted?: (taskId: number) => void; movesMoney?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => runInstanceAction(queryClient, instanceId, path, vars, opts),
    onSettled: () => {
      if (opts.movesMoney) refreshBalance(queryClient);
      return queryClient.invalidateQueries({ queryKey: instanceKeys.all });
    },
  });
}
