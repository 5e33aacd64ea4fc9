import { Button, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { ButtonLink } from '../../../components/router-link';
import { useTranslation } from '../../../lib/i18n/react';
import { useAction } from '../../../lib/use-action';
import type { closeReason } from '../api/console-api';
import { runInstanceAction, seeVmState } from '../../../lib/instances/instance-tasks';
import { instanceKeys } from '../../../lib/instances/instances-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import type { ConnectionState } from './console-header';
import type { Refusal } from '../console-ticket';
import classes from './console.module.css';

/** Why a console ended: the proxy's close code, or why no ticket to open it with was given. */
export type CloseReason = ReturnType<typeof closeReason> | Refusal;

/** The header's "reconnect": a new ticket and a new connection, unless one is being made. */
export function ReconnectButton({ state, onClick }: { state: ConnectionState; onClick: () => void }) {
  const { t } = useTranslation('instance-console');
  return (
    <Button size="xs" variant="default" disabled={state === 'connecting'} onClick={onClick}>
      {t('actions.reconnect')}
    </Button>
  );
}

/**
 * Start (or resume) the server from the console page: the action's task, then the polled state
 * until it runs; then the console connects again by itself.
 */
function PowerUp({ id, action, onRunning }: { id: number; action: 'start' | 'resume'; onRunning: () => void }) {
  const { t } = useTranslation('instance-console');
  const { t: tActions } = useTranslation('instance-actions');
  const queryClient = useQueryClient();
  const power = useAction(async () => {
    try {
      await runInstanceAction(queryClient, id, action, {});
      await seeVmState(queryClient, id, 'running');
      onRunning();
    } catch (error) {
      notifyFailure(tActions(`failed.${action}`), error);
      throw error;
    } finally {
      await queryClient.invalidateQueries({ queryKey: instanceKeys.all });
    }
  });
  return (
    <Button size="xs" loading={power.isPending} onClick={() => power.mutate()}>
      {t(`actions.${action}`)}
    </Button>
  );
}

/** The reasons that come with a step of their own (NextStep), before reconnecting. */
const WITH_STEP: ReadonlySet<CloseReason> = new Set([
  'stopped',
  'paused',
  'vmMissing',
  'hostDown',
  'suspended',
  'notActive',
  'notFound',
]);

/** What the customer can do about a console that ended or could not open, beside reconnecting. */
function NextStep({ id, reason, onReconnect }: { id: number; reason: CloseReason; onReconnect: () => void }) {
  const { t } = useTranslation('instance-console');
  const params = { id: String(id) };
  switch (reason) {
    case 'stopped':
      return <PowerUp id={id} action="start" onRunning={onReconnect} />;
    case 'paused':
      return <PowerUp id={id} action="resume" onRunning={onReconnect} />;
    case 'vmMissing':
    case 'hostDown':
      return (
        <ButtonLink size="xs" to="/tickets" search={{ new: 1 }}>
          {t('actions.openTicket')}
        </ButtonLink>
      );
    case 'suspended':
    case 'notActive':
      return (
        <ButtonLink size="xs" to="/instances/$id" params={params}>
          {t('actions.back')}
        </ButtonLink>
      );
    case 'notFound':
      return (
        <ButtonLink size="xs" to="/instances">
          {t('actions.toInstances')}
        </ButtonLink>
      );
    default:
      return null;
  }
}

/** Over the console's surface once it ended or could not open: why, what to do, and a way to connect again. */
export function ClosedOverlay(props: {
  id: number;
  title: string;
  reason: CloseReason;
  onReconnect: () => void;
  alert?: boolean;
}) {
  const { t } = useTranslation('instance-console');
  return (
    <div className={classes.overlay} role={props.alert ? 'alert' : undefined}>
      <Text fw={600}>{props.title}</Text>
      <Text fz="sm" maw="36rem">
        {t(`reason.${props.reason}`)}
      </Text>
      <Group gap="xs" justify="center">
        <NextStep id={props.id} reason={props.reason} onReconnect={props.onReconnect} />
        {props.reason === 'notFound' ? null : (
          <Button size="xs" variant={WITH_STEP.has(props.reason) ? 'default' : 'filled'} onClick={props.onReconnect}>
            {t('actions.reconnect')}
          </Button>
        )}
      </Group>
    </div>
  );
}
