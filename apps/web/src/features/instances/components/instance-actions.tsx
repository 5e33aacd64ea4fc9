import type { InstanceDetail, InstanceFull, VmState } from '@nimbus/contract';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerStop,
  IconPower,
  IconRefresh,
  IconTrash,
  type Icon,
} from '@tabler/icons-react';
import { useState } from 'react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useInstanceAction } from '../api/instance-actions-api';
import { useVmState } from '../api/lifecycle-api';
import { notifyFailure } from './action-feedback';
import { ConfirmDialog, DANGER } from './confirm-dialog';

type Instance = InstanceFull | InstanceDetail;

/** The power actions, the API path each posts to, and the VM states in which each applies. */
export const POWER_ACTIONS = {
  start: { path: 'start', body: {}, when: ['stopped'], icon: IconPlayerPlay, danger: false },
  stop: { path: 'stop', body: { Force: false }, when: ['running'], icon: IconPlayerStop, danger: false },
  restart: { path: 'restart', body: {}, when: ['running'], icon: IconRefresh, danger: false },
  pause: { path: 'pause', body: {}, when: ['running'], icon: IconPlayerPause, danger: false },
  resume: { path: 'resume', body: {}, when: ['paused'], icon: IconPlayerPlay, danger: false },
  forceStop: { path: 'stop', body: { Force: true }, when: ['running', 'paused'], icon: IconPower, danger: true },
} as const satisfies Record<
  string,
  { path: string; body: Record<string, unknown>; when: readonly VmState[]; icon: Icon; danger: boolean }
>;
export type PowerAction = keyof typeof POWER_ACTIONS;
export const POWER_ORDER: PowerAction[] = ['start', 'resume', 'stop', 'restart', 'pause', 'forceStop'];

/**
 * The power actions of one instance: one mutation per API path, so a running action keeps its
 * toasts even when the VM's state (polled meanwhile) already hides its button. `pending` is the
 * action under way, if any.
 */
function usePowerActions(instanceId: number) {
  const { t } = useTranslation('instance-actions');
  const [pending, setPending] = useState<PowerAction | null>(null);
  const hooks = {
    start: useInstanceAction(instanceId, 'start'),
    stop: useInstanceAction(instanceId, 'stop'),
    restart: useInstanceAction(instanceId, 'restart'),
    pause: useInstanceAction(instanceId, 'pause'),
    resume: useInstanceAction(instanceId, 'resume'),
  };
  const run = (action: PowerAction) => {
    const { path, body } = POWER_ACTIONS[action];
    setPending(action);
    hooks[path]
      .mutateAsync(body)
      .then(
        () => notify.success({ title: t(`done.${action}`) }),
        (error: unknown) => notifyFailure(t(`failed.${action}`), error),
      )
      .finally(() => setPending(null));
  };
  return { run, pending };
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
export function useConfirmedPower(instance: { Id: number; Hostname: string }) {
  const power = usePowerActions(instance.Id);
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
  const [typed, setTyped] = useState('');
  const destroy = useInstanceAction<{ Hostname: string }>(instance.Id, 'destroy');
  const matches = typed.trim().toLowerCase() === instance.Hostname.toLowerCase();
  const date = useDateFormat();
  const close = () => {
    setOpen(false);
    setTyped('');
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
            {/* Issue 22: destroying gives nothing of the prepaid period back (the destroy task moves no money). */}
            <Text fz="sm" fw={600}>
              {t('confirm.destroy.prepaid', { date: date.format(new Date(instance.DueAt)) })}
            </Text>
          </Stack>
        }
        confirmLabel={t('power.destroy')}
        danger
        canConfirm={matches}
        onConfirm={() => {
          close();
          // The promise, not mutate's callbacks: this button leaves the page once the instance
          // reads as destroyed, before the mutation's own callbacks would run.
          destroy.mutateAsync({ Hostname: typed.trim() }).then(
            () => notify.success({ title: t('done.destroy') }),
            (error: unknown) => notifyFailure(t('failed.destroy'), error),
          );
        }}
      >
        <TextInput
          label={t('confirm.destroy.label', { host: instance.Hostname })}
          value={typed}
          onChange={(e) => setTyped(e.currentTarget.value)}
          autoComplete="off"
          data-autofocus
        />
      </ConfirmDialog>
    </>
  );
}

/**
 * The header's power actions (SPEC §4), each shown only when the VM's state allows it: start when
 * stopped, resume when paused, stop / restart / pause when it runs, force stop when it runs or is
 * paused. Nothing is offered while the state is unknown; while one action runs, only it shows.
 */
export function InstanceActions({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const state = useVmState(instance.Id, instance.Status);
  const power = useConfirmedPower(instance);
  const applicable = POWER_ORDER.filter((a) => applies(a, state));
  const shown = power.pending ? [power.pending] : applicable;
  return (
    <Group gap="xs" wrap="wrap" role="group" aria-label={t('power.label')}>
      {shown.map((action) => {
        const { icon: ActionIcon, danger } = POWER_ACTIONS[action];
        return (
          <Button
            key={action}
            variant={danger ? 'light' : 'default'}
            color={danger ? 'red' : undefined}
            size="sm"
            leftSection={<ActionIcon size={16} aria-hidden />}
            loading={power.pending === action}
            onClick={() => power.ask(action)}
          >
            {t(`power.${action}`)}
          </Button>
        );
      })}
      {power.confirm}
    </Group>
  );
}
