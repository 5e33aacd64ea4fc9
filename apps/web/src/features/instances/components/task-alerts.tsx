import type { InstanceDetail } from '@nimbus/contract';
import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertCircle, IconPlayerPlay, IconRefresh } from '@tabler/icons-react';
import { AnchorLink } from '../../../components/router-link';
import { useTranslation } from '../../../lib/i18n/react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useVmState } from '../api/lifecycle-api';
import { applies, useConfirmedPower } from './instance-actions';

type Instance = Pick<
  InstanceDetail,
  'Id' | 'Hostname' | 'Status' | 'SuspendedAt' | 'NeedsRestart' | 'LastFailure' | 'RunningTask'
>;

/**
 * An upgrade that applied (the disk grew, the plan changed) but whose reboot failed: the new cores
 * and memory wait for a restart, which is offered here (a start when the server is stopped).
 */
export function RestartAlert({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instances');
  const { t: tActions } = useTranslation('instance-actions');
  const state = useVmState(instance.Id, instance.Status);
  const power = useConfirmedPower(instance);
  if (!instance.NeedsRestart || instance.SuspendedAt) return null;
  const action = applies('restart', state) ? 'restart' : applies('start', state) ? 'start' : null;
  return (
    <Alert
      color="ocean"
      variant="light"
      title={t('needsRestart.title')}
      icon={<IconRefresh size={20} aria-hidden />}
      role="status"
      data-testid="needs-restart"
    >
      <Text fz="sm">{t('needsRestart.body')}</Text>
      {action ? (
        <Group mt="sm">
          <Button
            size="compact-sm"
            variant="default"
            leftSection={
              action === 'restart' ? <IconRefresh size={14} aria-hidden /> : <IconPlayerPlay size={14} aria-hidden />
            }
            loading={power.pending === action}
            disabled={power.pending !== null}
            onClick={() => power.ask(action)}
          >
            {action === 'restart' ? t('needsRestart.restart') : tActions('power.start')}
          </Button>
        </Group>
      ) : null}
      {power.confirm}
    </Alert>
  );
}

/**
 * The instance's last task, when it failed: what failed and when, and (for a deploy or an upgrade)
 * that what it charged was refunded. Gone once another task runs.
 */
export function FailureAlert({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instances');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const failure = instance.LastFailure;
  if (!failure) return null;
  const at = date.format(new Date(failure.At));
  const body =
    failure.Kind === 'deploy'
      ? t('failure.deploy', { at })
      : failure.Kind === 'upgrade'
        ? t('failure.upgrade', { at })
        : t('failure.action', { at, action: t(`failure.kinds.${failure.Kind}`) });
  return (
    <Alert
      color="red"
      variant="light"
      title={failure.Kind === 'deploy' ? t('failure.deployTitle') : t('failure.title')}
      icon={<IconAlertCircle size={20} aria-hidden />}
      role="status"
      data-testid="last-failure"
    >
      <Text fz="sm">{body}</Text>
      <AnchorLink to="/tickets" search={{ new: 1 }} fz="sm" fw={600}>
        {t('failure.ticket')}
      </AnchorLink>
    </Alert>
  );
}
