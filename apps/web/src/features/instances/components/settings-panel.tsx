import type { InstanceDetail, InstanceFull } from '@nimbus/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconRefreshDot } from '@tabler/icons-react';
import { useState } from 'react';
import { ToggleSwitch } from './toggle-switch';
import { SectionCard } from '../../../components/section-card';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { isLive, useAutoRenew } from '../api/lifecycle-api';
import { notifyFailure } from '../../../lib/instances/action-feedback';
import classes from './actions.module.css';
import { DestroyButton } from './instance-actions';
import { PasswordSection } from './password-section';
import { ReinstallDialog } from './reinstall-dialog';
import { UpgradeSection } from './upgrade-section';

type Instance = InstanceFull | InstanceDetail;

function AutoRenewSwitch({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const renew = useAutoRenew(instance.Id);
  const checked = renew.isPending && renew.variables !== undefined ? renew.variables : instance.AutoRenew;
  return (
    <Stack gap="xs">
      <Title order={3} fz="h5">
        {t('autoRenew.title')}
      </Title>
      <ToggleSwitch
        label={t('autoRenew.label')}
        description={t('autoRenew.hint')}
        checked={checked}
        disabled={renew.isPending}
        onChange={(on) =>
          renew.mutateAsync(on).then(
            (r) => notify.success({ title: r.AutoRenew ? t('autoRenew.on') : t('autoRenew.off') }),
            (error: unknown) => notifyFailure(t('autoRenew.failed'), error),
          )
        }
      />
    </Stack>
  );
}

/**
 * The "settings" tab: upgrade with its prorated price, password change, auto-renew, reinstall and,
 * in the danger zone, destroy. Actions that need a live VM are shown only while there is one.
 */
export function SettingsPanel({ instance }: { instance: Instance }) {
  const { t } = useTranslation('instance-actions');
  const [reinstalling, setReinstalling] = useState(false);
  const live = isLive(instance.Status);
  return (
    <Stack gap="lg">
      <SectionCard title={t('settings.title')}>
        <div>
          {live ? (
            <div className={classes.section}>
              <UpgradeSection instance={instance} />
            </div>
          ) : null}
          {live ? (
            <div className={classes.section}>
              <PasswordSection instance={instance} />
            </div>
          ) : null}
          {instance.Status !== 'destroyed' && instance.Status !== 'cancelled' ? (
            <div className={classes.section}>
              <AutoRenewSwitch instance={instance} />
            </div>
          ) : null}
          {live ? (
            <div className={classes.section}>
              <Stack gap="xs">
                <Title order={3} fz="h5">
                  {t('reinstall.section')}
                </Title>
                <Text fz="sm" c="dimmed">
                  {t('reinstall.hint')}
                </Text>
                <Group>
                  <Button
                    variant="default"
                    leftSection={<IconRefreshDot size={16} aria-hidden />}
                    onClick={() => setReinstalling(true)}
                  >
                    {t('reinstall.open')}
                  </Button>
                </Group>
              </Stack>
            </div>
          ) : null}
          {!live ? <Text fz="sm">{t('settings.unavailable')}</Text> : null}
        </div>
      </SectionCard>
      {live ? (
        <Card
          withBorder
          radius="md"
          padding="lg"
          component="section"
          aria-label={t('danger.title')}
          className={classes.danger}
        >
          <Title order={2} fz="h4" mb="xs" c="red">
            {t('danger.title')}
          </Title>
          <Group justify="space-between" gap="md">
            <Text fz="sm" style={{ flex: '1 1 260px' }}>
              {t('danger.destroyHint')}
            </Text>
            <DestroyButton instance={instance} />
          </Group>
        </Card>
      ) : null}
      <ReinstallDialog instance={instance} opened={reinstalling} onClose={() => setReinstalling(false)} />
    </Stack>
  );
}
