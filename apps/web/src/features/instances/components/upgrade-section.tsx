import { money } from '../../../lib/money';
import { UPGRADE_STEP, type InstanceDetail, type InstanceFull, type UpgradeOption } from '@nimbus/contract';
import { Button, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../../lib/api-error';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { useInstanceAction } from '../../../lib/instances/instance-actions-api';
import { isLive, upgradesQueryOptions } from '../api/lifecycle-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import classes from './actions.module.css';
import { ConfirmDialog } from './confirm-dialog';

const memory = (mib: number) => (mib >= 1024 ? `${+(mib / 1024).toFixed(1)} GB` : `${mib} MB`);

/** Upgrade: the larger sizes with the prorated charge of each, confirmed with that charge shown. */
export function UpgradeSection({ instance }: { instance: InstanceFull | InstanceDetail }) {
  const { t } = useTranslation('instance-actions');
  const options = useQuery({ ...upgradesQueryOptions(instance.Id), enabled: isLive(instance.Status) });
  const [chosen, setChosen] = useState<UpgradeOption | null>(null);
  const [last, setLast] = useState<UpgradeOption | null>(null);
  if (chosen && chosen !== last) setLast(chosen);
  const upgrade = useInstanceAction(instance.Id, 'upgrade', { movesMoney: true });

  const confirm = (option: UpgradeOption) => {
    setChosen(null);
    upgrade.mutateAsync({ ProductId: option.ProductId }).then(
      // Applied, but the reboot failed: the page's alert offers the restart.
      (task) =>
        task.Step === UPGRADE_STEP.needsRestart
          ? notify.warning({ title: t('upgrade.doneRestart', { size: option.Name }) })
          : notify.success({ title: t('upgrade.done', { size: option.Name }) }),
      (error: unknown) =>
        isApiError(error) && error.code === 'balance_not_enough'
          ? notify.error({ title: t('upgrade.failed'), message: t('upgrade.topUp') })
          : notifyFailure(t('upgrade.failed'), error),
    );
  };

  return (
    <Stack gap="sm">
      <Title order={3} fz="h5">
        {t('upgrade.title')}
      </Title>
      <Text fz="sm" c="dimmed">
        {t('upgrade.hint')}
      </Text>
      {options.data && options.data.length === 0 ? <Text fz="sm">{t('upgrade.none')}</Text> : null}
      {options.data && options.data.length > 0 ? (
        <Table.ScrollContainer minWidth={280}>
          <Table className={classes.options} aria-label={t('upgrade.title')} verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('upgrade.size')}</Table.Th>
                <Table.Th visibleFrom="xs">{t('upgrade.renew')}</Table.Th>
                <Table.Th>{t('upgrade.charge')}</Table.Th>
                <Table.Th>
                  <VisuallyHidden>{t('upgrade.actionColumn')}</VisuallyHidden>
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {options.data.map((o) => (
                <Table.Tr key={o.ProductId}>
                  <Table.Td>
                    <Text fz="sm" fw={600}>
                      {o.Name}
                    </Text>
                    <Text fz="xs" c="dimmed">
                      {t('upgrade.specs', { cores: o.Cores, memory: memory(o.Memory), disk: o.Disk })}
                    </Text>
                    <Text fz="xs" c="dimmed" hiddenFrom="xs">
                      {t('upgrade.renewThen', { price: money(o.RenewPrice, o.Currency) })}
                    </Text>
                  </Table.Td>
                  <Table.Td className={classes.money} fz="sm" visibleFrom="xs">
                    {money(o.RenewPrice, o.Currency)}
                  </Table.Td>
                  <Table.Td className={classes.money} fz="sm">
                    {money(o.Charge, o.Currency)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="compact-sm"
                      variant="light"
                      onClick={() => setChosen(o)}
                      loading={upgrade.isPending && upgrade.variables?.ProductId === o.ProductId}
                      disabled={upgrade.isPending}
                      aria-label={t('upgrade.toSize', { size: o.Name })}
                    >
                      {t('upgrade.action')}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      ) : null}
      <ConfirmDialog
        opened={chosen !== null}
        onClose={() => setChosen(null)}
        title={t('upgrade.confirmTitle', { size: last?.Name ?? '' })}
        message={
          last
            ? t('upgrade.confirmMessage', {
                charge: money(last.Charge, last.Currency),
                renew: money(last.RenewPrice, last.Currency),
              })
            : ''
        }
        confirmLabel={t('upgrade.confirm')}
        onConfirm={() => chosen && confirm(chosen)}
      />
    </Stack>
  );
}
