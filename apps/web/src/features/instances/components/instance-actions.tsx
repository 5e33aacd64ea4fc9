import type { InstanceDetail, InstanceFull, InstanceSummary, VmState } from '@nimbus/contract';
import { Button, Group, Loader, Stack, Text } from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconPower,
  IconRefresh,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { i18n } from '../../../lib/i18n/i18n';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useAction } from '../../../lib/use-action';
import {
  type InstanceActionPath,
  runInstanceAction,
  seeVmState,
  useInstanceAction,
  waitForTask,
} from '../../../lib/instances/instance-actions-api';
import { instanceKeys } from '../../../lib/instances/instances-api';
import { useVmState } from '../api/lifecycle-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import { ConfirmDialog, DANGER, useTypedHostname } from './confirm-dialog';

type Instance = InstanceFull | InstanceDetail;

/** The power actions, the API path each posts to, and the VM states in which each applies. */
export const POWER_ACTIONS = {
  start: { path: 'start', body: {}, when: ['stopped'], to: 'running', icon: IconPlayerPlay, danger: false },
  stop: { path: 'stop', body: { Force: false }, when: ['running'], to: 'stopped', icon: IconPlayerStop, danger: false },
  restart: { path: 'restart', body: {}, when: ['running'], to: 'running', icon: IconRefresh, danger: false },
  pause: { path: 'pause', body: {}, when: ['running'], to: 'paused', icon: IconPlayerPause, danger: false },
  resume: { path: 'resume', body: {}, when: ['paused'], to: 'running', icon: IconPlayerPlay, danger: false },
  forceStop: {
    path: 'stop',
    body: { Force: true },
    when: ['running', 'paused'],
    to: 'stopped',
    icon: IconPower,
    danger: true,
  },
} as const satisfies Record<
  string,
  {
    path: InstanceActionPath;
    body: Record<string, unknown>;
    when: readonly VmState[];
    to: VmState;
    icon: Icon;
    danger: boolean;
  }
>;
export type PowerAction = keyof typeof POWER_ACTIONS;
export const POWER_ORDER: PowerAction[] = ['start', 'resume', 'stop', 'restart', 'pause', 'forceStop'];

/** What the power hooks need of an instance: the task the server reports under way. */
type PowerInstance = { Id: number; Hostname: string; RunningTask: InstanceSummary['RunningTask'] };

/**
 * The power actions this tab started, per instance, oldest first, until each has settled: every
 * component of the page sees one under way, also after the one that started it is gone.
 */
const startedPower = new Map<number, { action: PowerAction }[]>();
const powerListeners = new Set<() => void>();
const subscribePower = (listener: () => void) => {
  powerListeners.add(listener);
  return () => powerListeners.delete(listener);
};
function setStartedPower(id: number, started: { action: PowerAction }[]) {
  if (started.length > 0) startedPower.set(id, started);
  else startedPower.delete(id);
  for (const listener of powerListeners) listener();
}

const POWER_KINDS: readonly string[] = ['start', 'stop', 'restart', 'pause', 'resume'];

/**
 * The power action under way on an instance, if any: one this page started (until the polled
 * state shows its outcome), else the task the server reports running (so it survives a reload).
 */
export function usePowerPending(instance: Pick<PowerInstance, 'Id' | 'RunningTask'>): PowerAction | null {
  const local = useSyncExternalStore(subscribePower, () => startedPower.get(instance.Id)?.[0]?.action);
  const task = instance.RunningTask;
  return local ?? (task && POWER_KINDS.includes(task.Kind) ? (task.Kind as PowerAction) : null);
}

/** Power tasks this tab says the outcome of (once each, whichever part of the page started or found them). */
const announced = new Set<number>();

/** Waits for a power task to end and for the polled state to show it; says so if it failed. */
async function announce(queryClient: QueryClient, instanceId: number, action: PowerAction, work: Promise<unknown>) {
  const { to } = POWER_ACTIONS[action];
  try {
    await work;
    await queryClient.invalidateQueries({ queryKey: instanceKeys.all });
    await seeVmState(queryClient, instanceId, to);
  } catch (error) {
    notifyFailure(i18n.t(`instance-actions:failed.${action}`), error);
    throw error;
  }
}

/**
 * The success toast, once the page has drawn what the action ended in: the badge leaves "Starting…"
 * when the action under way is over, which reaches React a tick after it settles.
 */
function sayDone(action: PowerAction): void {
  requestAnimationFrame(() =>
    setTimeout(() => notify.success({ title: i18n.t(`instance-actions:done.${action}`) }), 0),
  );
}

/**
 * The power actions of one instance: the action is posted, its task waited for, then the VM's
 * polled state until it shows the outcome — only then the success toast, so the toast and the
 * badge agree. `pending` is the action under way, if any.
 */
function usePowerActions(instance: PowerInstance) {
  const queryClient = useQueryClient();
  const pending = usePowerPending(instance);
  const mutation = useAction(async (action: PowerAction) => {
    const id = instance.Id;
    const started = { action };
    setStartedPower(id, [...(startedPower.get(id) ?? []), started]);
    try {
      const { path, body } = POWER_ACTIONS[action];
      const work = runInstanceAction(queryClient, id, path, body, { onAccepted: (taskId) => announced.add(taskId) });
      return await announce(queryClient, id, action, work);
    } finally {
      try {
        await queryClient.invalidateQueries({ queryKey: instanceKeys.all });
      } finally {
        setStartedPower(
          id,
          (startedPower.get(id) ?? []).filter((s) => s !== started),
        );
      }
    }
  });
  const run = (action: PowerAction) =>
    mutation
      .mutateAsync(action)
      .then(() => sayDone(action))
      .catch(() => undefined);
  return { run, pending };
}

/**
 * A power task the server reports under way that this tab did not start (the page was reloaded, or
 * opened meanwhile): its outcome is said as if it had, once the polled state shows it.
 */
function useAnnounceServerTask(instance: Pick<PowerInstance, 'Id' | 'RunningTask'>) {
  const queryClient = useQueryClient();
  const task = instance.RunningTask;
  useEffect(() => {
    if (!task || !POWER_KINDS.includes(task.Kind) || announced.has(task.Id)) return;
    announced.add(task.Id);
    const action = task.Kind as PowerAction;
    announce(queryClient, instance.Id, action, waitForTask(instance.Id, task.Id))
      .then(() => sayDone(action))
      .catch(() => undefined);
  }, [queryClient, instance.Id, task]);
}

/** Asks before a power action: what it does to the server, then cancel or go. */
function PowerConfirm({
  instance,
  action,
  onClose,
  onConfirm,
}: {
  instance: { Hostname: string };
  action: PowerAction | null;
  onClose: () => void;
  onConfirm: (action: PowerAction) => void;
}) {
  const { t } = useTranslation('instance-actions');
  const [last, setLast] = useState<PowerAction>('start');
  if (action && action !== last) setLast(action);
  const shown = action ?? last;
  return (
    <ConfirmDialog
      opened={action !== null}
      onClose={onClose}
      title={t(`confirm.${shown}.title`, { host: instance.Hostname })}
      message={t(`confirm.${shown}.message`)}
      confirmLabel={t(`power.${shown}`)}
      danger={POWER_ACTIONS[shown].danger}
      onConfirm={() => onConfirm(shown)}
    />
  );
}

/** Whether a power action applies to a VM in this state; while the state is unknown, none does. */
export const applies = (action: PowerAction, state: VmState | null | undefined) =>
  !!state && (POWER_ACTIONS[action].when as readonly VmState[]).includes(state);

/**
 * The power actions of one instance, each asked for first: `ask` opens the confirmation, `confirm`
 * is that dialog to render, `pending` the action under way.
 */
export function useConfirmedPower(instance: PowerInstance) {
  const power = usePowerActions(instance);
  const [confirming, setConfirming] = useState<PowerAction | null>(null);
  const confirm = (
    <PowerConfirm
      instance={instance}
      action={confirming}
      onClose={() => setConfirming(null)}
      onConfirm={(action) => {
        setConfirming(null);
        power.run(action);
      }}
    />
  );
  return { pending: power.pending, ask: setConfirming, confirm };
}

/** Destroy, for good: the customer types the hostname before the button enables. */
export function DestroyButton({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const [open, setOpen] = useState(false);
  const typed = useTypedHostname(instance.Hostname);
  const destroy = useInstanceAction(instance.Id, 'destroy');
  const date = useDateFormat();
  const close = () => {
    setOpen(false);
    typed.reset();
  };
  return (
    <>
      <Button
        color={DANGER}
        size="sm"
        leftSection={<IconTrash size={16} aria-hidden />}
        loading={destroy.isPending}
        onClick={() => setOpen(true)}
      >
        {t('power.destroy')}
      </Button>
      <ConfirmDialog
        opened={open}
        onClose={close}
        title={t('confirm.destroy.title', { host: instance.Hostname })}
        message={
          <Stack gap="xs">
            <Text fz="sm">{t('confirm.destroy.message')}</Text>
            {/* Destroying gives nothing of the prepaid period back (the destroy task moves no money). */}
            <Text fz="sm" fw={600}>
              {t('confirm.destroy.prepaid', { date: date.format(new Date(instance.DueAt)) })}
            </Text>
          </Stack>
        }
        confirmLabel={t('power.destroy')}
        danger
        canConfirm={typed.matches}
        onConfirm={() => {
          close();
          // The promise, not mutate's callbacks: this button leaves the page once the instance
          // reads as destroyed, before the mutation's own callbacks would run.
          destroy.mutateAsync({ Hostname: typed.typed }).then(
            () => notify.success({ title: t('done.destroy') }),
            (error: unknown) => notifyFailure(t('failed.destroy'), error),
          );
        }}
      >
        {typed.field({ autofocus: true })}
      </ConfirmDialog>
    </>
  );
}

/**
 * The header's power actions (docs/product/instances.md), each shown only when the VM's state
 * allows it: start when stopped, resume when paused, stop / restart / pause when it runs, force
 * stop when it runs or is paused. Nothing is offered while the state is unknown; while one action
 * runs, only it shows, saying so ("Stopping…").
 */
export function InstanceActions({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const state = useVmState(instance.Id, instance.Status);
  const power = useConfirmedPower(instance);
  useAnnounceServerTask(instance);
  const applicable = POWER_ORDER.filter((a) => applies(a, state));
  const shown = power.pending ? [power.pending] : applicable;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('power.label')}>
      {shown.map((action) => {
        const { icon: ActionIcon, danger } = POWER_ACTIONS[action];
        const running = power.pending === action;
        return (
          <Button
            key={action}
            variant={danger ? 'light' : 'default'}
            color={danger ? 'red' : undefined}
            size="sm"
            // Under way: the spinner takes the icon's place inside the button, the label says so.
            leftSection={running ? <Loader size={14} aria-hidden /> : <ActionIcon size={16} aria-hidden />}
            disabled={running}
            aria-busy={running || undefined}
            onClick={() => power.ask(action)}
          >
            {running ? t(`progress.${action}`) : t(`power.${action}`)}
          </Button>
        );
      })}
      {power.confirm}
    </Group>
  );
}
