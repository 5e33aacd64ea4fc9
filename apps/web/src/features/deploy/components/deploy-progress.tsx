import { DEPLOY_STEP, POLL, TASK_STATUS } from '@nimbus/contract';
import { Loader, Text, Timeline } from '@mantine/core';
import { IconCheck, IconX } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect } from 'react';
import { Dialog } from '../../../components/dialog';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { refreshBalance } from '../../../lib/session/balance';
import { getTask } from '../api/deploy-api';

/** The instances feature's query key root (features do not import each other). */
const instanceListKey = ['instances'];

const STEPS = ['queueing', 'cloning', 'configuring', 'firewall', 'starting'] as const;

export interface DeployingTask {
  instanceId: number;
  taskId: number;
  hostname: string;
}

/**
 * The deploy task (docs/product/deploy.md#the-deploy-task) polled every 200 ms, shown as a
 * timeline, then the outcome and redirect.
 */
export function DeployProgress({ task }: { task: DeployingTask }) {
  const { t } = useTranslation('deploy');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { data } = useQuery({
    queryKey: ['deploy', 'task', task.instanceId, task.taskId],
    queryFn: ({ signal }) => getTask(task.instanceId, task.taskId, signal),
    refetchInterval: (query) => {
      const d = query.state.data;
      return d && (d.Status === TASK_STATUS.ok || d.Step === DEPLOY_STEP.error) ? false : POLL.deployTaskMs;
    },
    refetchIntervalInBackground: true,
    staleTime: 0,
  });
  const failed = data?.Step === DEPLOY_STEP.error || data?.Status === TASK_STATUS.error;
  const done = data?.Status === TASK_STATUS.ok;

  useEffect(() => {
    if (!done && !failed) return;
    // The list shows the new server; a failure refunded the charge, so the balance changed again.
    void queryClient.invalidateQueries({ queryKey: instanceListKey });
    refreshBalance(queryClient);
    if (done) {
      notify.success({ title: t('toast.success'), message: t('toast.successMessage', { hostname: task.hostname }) });
      void navigate({ to: '/instances/$id', params: { id: String(task.instanceId) } });
    } else if (failed) {
      notify.failure({ title: t('toast.failed'), message: t('toast.failedMessage') });
      void navigate({ to: '/instances' });
    }
  }, [done, failed, navigate, queryClient, t, task]);

  const step = data?.Step ?? 0;
  const active = done ? STEPS.length : step;
  return (
    <Dialog
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title={t('progress.title', { hostname: task.hostname })}
    >
      <Timeline active={active} bulletSize={26} lineWidth={2} mt="sm">
        {STEPS.map((name, i) => {
          const current = i === step && !done && !failed;
          return (
            <Timeline.Item
              key={name}
              title={t(`progress.steps.${name}`)}
              bullet={
                i < step || done ? (
                  <IconCheck size={14} />
                ) : current ? (
                  <Loader size={12} color="white" aria-hidden />
                ) : undefined
              }
              aria-current={current ? 'step' : undefined}
            />
          );
        })}
        {failed ? <Timeline.Item color="red" bullet={<IconX size={14} />} title={t('progress.steps.error')} /> : null}
      </Timeline>
      <Text c="dimmed" fz="sm" mt="md">
        {t('progress.note')}
      </Text>
    </Dialog>
  );
}
