// An instance action's task, from its POST to its end and the state it leaves the VM in. Apart from
// useInstanceAction (instance-actions-api.ts), which refreshes the balance: the console pages start
// a server with these alone, and importing the balance there regroups the chunks /login loads.
import {
  ActionTask,
  type BackupAddBody,
  type BackupRefBody,
  type DestroyBody,
  type FirewallRuleAddBody,
  type FirewallRuleRefBody,
  type FirewallRuleSetBody,
  type FirewallSetBody,
  type InstanceIdBody,
  type NetworkBody,
  type PasswordBody,
  POLL,
  type RecreateBody,
  type SnapshotAddBody,
  type SnapshotRefBody,
  type StopBody,
  TASK_STATUS,
  TaskResult,
  type UpgradeBody,
  type VmState,
} from '@nimbus/contract';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { instanceStatusQueryOptions } from './instance-live-api';
import { instanceKeys } from './instances-api';

/**
 * The instance actions, POST api/instance/<path>, each with its request body of the contract: every
 * one answers the task that carries it out. Callers name the path and pass the body without `Id`.
 */
export interface InstanceActionBodies {
  start: InstanceIdBody;
  stop: StopBody;
  restart: InstanceIdBody;
  pause: InstanceIdBody;
  resume: InstanceIdBody;
  destroy: DestroyBody;
  recreate: RecreateBody;
  upgrade: UpgradeBody;
  password: PasswordBody;
  network: NetworkBody;
  'firewall/set': FirewallSetBody;
  'firewall/rule/add': FirewallRuleAddBody;
  'firewall/rule/set': FirewallRuleSetBody;
  'firewall/rule/enable': FirewallRuleRefBody;
  'firewall/rule/disable': FirewallRuleRefBody;
  'firewall/rule/del': FirewallRuleRefBody;
  'backup/add': BackupAddBody;
  'backup/restore': BackupRefBody;
  'backup/del': BackupRefBody;
  'snapshot/add': SnapshotAddBody;
  'snapshot/restore': SnapshotRefBody;
  'snapshot/del': SnapshotRefBody;
}

export type InstanceActionPath = keyof InstanceActionBodies;

/** The body of an instance action without the instance's `Id`, which the action adds. */
export type InstanceActionVars<P extends InstanceActionPath> = Omit<InstanceActionBodies[P], 'Id'>;

/** A task that ended in the error status (5): the action did not happen. */
export class TaskFailedError extends Error {
  constructor(readonly taskId: number) {
    super(`task ${taskId} failed`);
  }
}

const pause = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => {
      clearTimeout(timer);
      reject(signal.reason as Error);
    });
  });

/**
 * Polls a task of an instance (POST api/instance/task/get, as reinstall does) until
 * it is OK (2) or finished (3) and answers its last state (a password task's Step says how it was
 * applied); an error (5) or stopped (4) task throws TaskFailedError.
 */
export async function waitForTask(
  instanceId: number,
  taskId: number,
  opts: { intervalMs?: number; signal?: AbortSignal } = {},
): Promise<TaskResult> {
  for (;;) {
    const task = await api.post('instance/task/get', { Id: instanceId, TaskId: taskId }, TaskResult);
    if (task.Status === TASK_STATUS.ok || task.Status === TASK_STATUS.finished) return task;
    if (task.Status === TASK_STATUS.error || task.Status === TASK_STATUS.stopped) throw new TaskFailedError(taskId);
    await pause(opts.intervalMs ?? POLL.reinstallTaskMs, opts.signal);
  }
}

/** POST api/instance/<path> with its contract body; answers the id of the task that carries it out. */
export const postAction = <P extends InstanceActionPath>(path: P, body: InstanceActionBodies[P]) =>
  api.post(`instance/${path}`, body, ActionTask);

/** Posts an instance action and waits for its task to end (see useInstanceAction). */
export async function runInstanceAction<P extends InstanceActionPath>(
  queryClient: QueryClient,
  instanceId: number,
  path: P,
  vars: InstanceActionVars<P>,
  opts: { intervalMs?: number; onAccepted?: (taskId: number) => void } = {},
): Promise<TaskResult & { TaskId: number }> {
  const taskId = await postAction(path, { ...vars, Id: instanceId } as InstanceActionBodies[P]);
  // Accepted: what the task changed at once (e.g. a backup "creating", "reinstalling",
  // the task under way) shows while it runs.
  opts.onAccepted?.(taskId);
  void queryClient.invalidateQueries({ queryKey: instanceKeys.detail(instanceId) });
  const task = await waitForTask(instanceId, taskId, opts);
  return { ...task, TaskId: taskId };
}

/** How long a finished power action waits for the polled state to show its outcome before it says so anyway. */
const STATE_WAIT_MS = 30_000;

/**
 * Reads the VM's live state (the query the page's badge shows, polled every 2 s) until it is
 * `target`, so what an action says it did is what the page shows. Gives up after STATE_WAIT_MS (the
 * task did end OK; the status cache may lag behind Proxmox).
 */
export async function seeVmState(queryClient: QueryClient, instanceId: number, target: VmState): Promise<void> {
  const deadline = Date.now() + STATE_WAIT_MS;
  for (;;) {
    const live = await queryClient.fetchQuery({ ...instanceStatusQueryOptions(instanceId), staleTime: 0 });
    if (live.State === target || Date.now() > deadline) return;
    await pause(POLL.instanceStatusMs);
  }
}
