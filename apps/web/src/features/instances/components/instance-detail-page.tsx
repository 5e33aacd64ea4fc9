import { type InstanceDetail, cycleByCode, formatMinor } from '@nimbus/contract';
import { Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { SectionCard } from '../../../components/section-card';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Flag } from '../../../components/flag';
import { AnchorLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { instanceQueryOptions } from '../api/instances-api';
import classes from './instances.module.css';
import { InstanceActions } from './instance-actions';
import { NetworkPanel } from './network-panel';
import { SettingsPanel } from './settings-panel';
import { StatusBadge } from './status-badge';

const memory = (mib: number) => (mib >= 1024 ? `${+(mib / 1024).toFixed(1)} GB` : `${mib} MB`);

function Field({ label, children, mono }: { label: string; children: ReactNode; mono?: boolean }) {
  return (
    <div className={classes.field}>
      <dt>{label}</dt>
      <dd data-mono={mono || undefined}>{children}</dd>
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <SectionCard title={title}>
      <dl className={classes.fields}>{children}</dl>
    </SectionCard>
  );
}

/** SPEC §4's VM state tips, for the states in which the server cannot be used yet or any more. */
function StateTip({ instance }: { instance: InstanceDetail }) {
  const { t } = useTranslation('instances');
  const tip = {
    creating: t('tips.creating'),
    recreating: t('tips.recreating'),
    pending: t('tips.pending'),
    paused: t('tips.paused'),
    destroyed: t('tips.destroyed'),
  }[instance.Status as string];
  if (!tip) return null;
  return (
    <Card withBorder radius="md" padding="md" className={classes.tip} data-state={instance.Status} role="status">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconHourglassHigh size={20} aria-hidden />
        <Text fz="sm">{tip}</Text>
      </Group>
    </Card>
  );
}

/** /instances/{id}/: the overview of one server (SPEC §3's fields that the console knows today). */
export function InstanceDetailPage({ id }: { id: number }) {
  const { t } = useTranslation('instances');
  const { t: tDeploy } = useTranslation('deploy');
  const date = useDateFormat();
  const { data: instance } = useSuspenseQuery(instanceQueryOptions(id));
  const cycle = cycleByCode(instance.Cycle);
  const price = `${formatMinor(instance.Price)} ${instance.Currency}`;
  const none = t('detail.none');
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <AnchorLink to="/instances" fz="sm">
          {t('detail.back')}
        </AnchorLink>
        <Group gap="sm" mt={4} wrap="wrap">
          <Title order={1} style={{ overflowWrap: 'anywhere' }}>
            {instance.Hostname}
          </Title>
          <StatusBadge status={instance.Status} />
        </Group>
        <Group gap="xs" mt={4} c="dimmed" fz="sm">
          <Flag code={instance.CountryCode} />
          <Text fz="sm" c="dimmed">
            {instance.RegionName} · {instance.ImageName} · {instance.IpAddress ?? t('table.noIp')}
          </Text>
        </Group>
        <Group mt="sm">
          <InstanceActions instance={instance} />
        </Group>
      </div>
      <StateTip instance={instance} />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        <Panel title={t('detail.configuration')}>
          <Field label={t('fields.image')}>{instance.ImageName}</Field>
          <Field label={t('fields.region')}>{instance.RegionName}</Field>
          <Field label={t('fields.type')}>{instance.TypeName}</Field>
          <Field label={t('fields.size')}>{instance.ProductName}</Field>
          <Field label={t('fields.cores')}>{tDeploy('size.cores', { count: instance.Cores })}</Field>
          <Field label={t('fields.memory')}>{memory(instance.Memory)}</Field>
          <Field label={t('fields.disk')}>{`${instance.Disk} GB`}</Field>
          <Field label={t('fields.bandwidth')}>
            {instance.Bandwidth === 0
              ? tDeploy('size.unmetered')
              : tDeploy('size.bandwidth', { amount: instance.Bandwidth })}
          </Field>
        </Panel>
        <Panel title={t('detail.network')}>
          <Field label={t('fields.ip')} mono>
            {instance.IpAddress ?? none}
          </Field>
          <Field label={t('fields.gateway')} mono>
            {instance.Gateway ?? none}
          </Field>
          <Field label={t('fields.prefix')} mono>
            {instance.Prefix === null ? none : `/${instance.Prefix}`}
          </Field>
          <Field label={t('fields.mac')} mono>
            {instance.Mac ?? none}
          </Field>
          <Field label={t('fields.username')} mono>
            {instance.Username}
          </Field>
        </Panel>
        <Panel title={t('detail.billing')}>
          <Field label={t('fields.cycle')}>{cycle ? tDeploy(`cycles.${cycle.key}`) : instance.Cycle}</Field>
          <Field label={t('fields.renewPrice')}>{price}</Field>
          <Field label={t('fields.autoRenew')}>{instance.AutoRenew ? t('detail.on') : t('detail.off')}</Field>
          <Field label={t('fields.nextDue')}>{date.format(new Date(instance.DueAt))}</Field>
          <Field label={t('fields.created')}>{date.format(new Date(instance.CreatedAt))}</Field>
        </Panel>
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <SettingsPanel instance={instance} />
        <NetworkPanel instance={instance} />
      </SimpleGrid>
    </Stack>
  );
}
