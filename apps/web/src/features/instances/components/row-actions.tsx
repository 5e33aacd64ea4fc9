import type { InstanceSummary, VmState } from '@nimbus/contract';
import { ActionIcon, Menu, Table, VisuallyHidden } from '@mantine/core';
import { IconDotsVertical } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { instanceStatusQueryOptions } from '../../../lib/instances/instance-live-api';
import { isLive } from '../api/lifecycle-api';
import { applies, POWER_ACTIONS, useConfirmedPower, type PowerAction } from './instance-actions';

const QUICK: PowerAction[] = ['start', 'stop', 'restart'];

/** The header cell of the quick actions' column, named for screen readers. */
export function RowActionsHeader() {
  const { t } = useTranslation('instance-actions');
  return (
    <Table.Th>
      <VisuallyHidden>{t('quick.column')}</VisuallyHidden>
    </Table.Th>
  );
}

/**
 * The list's quick power actions of one row (start, stop, restart) in a menu. The VM's state is read
 * when the menu opens (no polling per row otherwise), and an action that does not apply is disabled.
 */
export function RowActions({ instance }: { instance: InstanceSummary }) {
  const { t } = useTranslation('instance-actions');
  const [opened, setOpened] = useState(false);
  const power = useConfirmedPower(instance);
  const live = isLive(instance.Status);
  // Read afresh when the menu opens and polled while it stays open: the state may just have changed.
  const status = useQuery({ ...instanceStatusQueryOptions(instance.Id), enabled: opened && live, staleTime: 0 });
  const state: VmState | undefined = status.data?.State;
  if (power.pending)
    return (
      <ActionIcon
        variant="subtle"
        loading
        aria-busy
        aria-label={t(`running.${power.pending}`, { host: instance.Hostname })}
      />
    );
  return (
    <>
      <Menu opened={opened} onChange={setOpened} position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" aria-label={t('quick.label', { host: instance.Hostname })} disabled={!live}>
            <IconDotsVertical size={18} aria-hidden />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {QUICK.map((action) => {
            const { icon: Icon } = POWER_ACTIONS[action];
            return (
              <Menu.Item
                key={action}
                leftSection={<Icon size={16} aria-hidden />}
                disabled={!applies(action, state)}
                onClick={() => power.ask(action)}
              >
                {t(`power.${action}`)}
              </Menu.Item>
            );
          })}
        </Menu.Dropdown>
      </Menu>
      {power.confirm}
    </>
  );
}
