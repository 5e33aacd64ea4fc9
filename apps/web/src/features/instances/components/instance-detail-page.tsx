import { type InstanceDetail } from '@nimbus/contract';
import { Card, Group, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconHourglassHigh } from '@tabler/icons-react';
import { useQuery, useSuspenseQuery } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { Flag } from '../../../components/flag';
import { AnchorLink } from '../../../components/router-link';
import { useTranslation } from '../../../lib/i18n/react';
import { instanceFullQueryOptions, instanceStatusQueryOptions } from '../../../lib/instances/instance-live-api';
import { instanceQueryOptions } from '../../../lib/instances/instances-api';
import { EndedInstance } from './ended-instance';
import { InstanceOverview } from './instance-overview';
import classes from './instances.module.css';
import { InstanceActions, usePowerPending } from './instance-actions';
import { NetworkPanel } from './network-panel';
import { SettingsPanel } from './settings-panel';
import { RenewalAlert, SuspendedBadge } from './renewal-alert';
import { PowerStateBadge, StatusBadge } from './status-badge';
import { FailureAlert, RestartAlert } from './task-alerts';
import { BackLink } from '../../../components/back-link';

/**
 * The tabs of the page, in order; the `tab` search parameter names one (overview when absent or
 * unknown).
 */
export const INSTANCE_TABS = [
  'overview',
  'history',
  'network',
  'firewall',
  'backups',
  'snapshots',
  'settings',
] as const;

/** Statuses in which the instance should have a VM on its cluster (the others have none yet, or any more). */
const HAS_VM: ReadonlySet<string> = new Set(['available', 'paused']);

/**
 * The VM state tips (docs/product/instances.md#statuses-instance_statuses-constantsts), for the
 * states in which the server cannot be used yet or any more: creating, destroyed, not exists (the
 * cluster answered, without this instance's VM), paused, pending.
 */
function StateTip({ instance }: { instance: InstanceDetail }) {
  const { t } = useTranslation('instances');
  const { data: live } = useQuery(instanceStatusQueryOptions(instance.Id));
  const missing = HAS_VM.has(instance.Status) && live?.State === 'unknown';
  const tip = missing
    ? t('tips.notExists')
    : {
        creating: t('tips.creating'),
        recreating: t('tips.recreating'),
        pending: t('tips.pending'),
        paused: t('tips.paused'),
        destroyed: t('tips.destroyed'),
      }[instance.Status as string];
  if (!tip) return null;
  return (
    <Card
      withBorder
      radius="md"
      padding="md"
      className={classes.tip}
      data-state={missing ? 'not-exists' : instance.Status}
      role="status"
    >
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <IconHourglassHigh size={20} aria-hidden />
        <Stack gap={4}>
          <Text fz="sm">{tip}</Text>
          {missing ? (
            <AnchorLink to="/tickets" search={{ new: 1 }} fz="sm" fw={600}>
              {t('tips.openTicket')}
            </AnchorLink>
          ) : null}
        </Stack>
      </Group>
    </Card>
  );
}

/**
 * The VM's power state from the live status (the instance status says what the order is), or the
 * power action under way ("Stopping…") until the polled state shows its outcome.
 */
function PowerBadge({ instance }: { instance: InstanceDetail }) {
  const { t: tActions } = useTranslation('instance-actions');
  const { data } = useQuery(instanceStatusQueryOptions(instance.Id));
  const pending = usePowerPending(instance);
  if (!data && !pending) return null;
  return (
    <PowerStateBadge state={data?.State ?? 'unknown'} pending={pending ? tActions(`progress.${pending}`) : undefined} />
  );
}

/**
 * What other features put on the page; the route composes them, as features do not import each
 * other. `LiveScope` wraps the page of a server that is (or is about to be) there and holds what
 * must outlive a tab switch (the live charts' samples); the others are the header's console links,
 * the overview's live charts and the panels of their tabs.
 */
export interface InstancePanels {
  LiveScope: ComponentType<{ id: number; children: ReactNode }>;
  consoleLinks: ReactNode;
  liveUsage: ReactNode;
  history: ReactNode;
  firewall: ReactNode;
  backups: ReactNode;
  snapshots: ReactNode;
}

export interface InstanceDetailPageProps {
  id: number;
  tab: string | undefined;
  onTabChange: (tab: string) => void;
  panels: InstancePanels;
}

/** /instances/{id}/: one server, or what a destroyed one was (docs/product/instances.md#destroy). */
export function InstanceDetailPage(props: InstanceDetailPageProps) {
  const { data: instance } = useSuspenseQuery(instanceQueryOptions(props.id));
  const { LiveScope } = props.panels;
  return instance.Status === 'destroyed' ? (
    <EndedInstance instance={instance} />
  ) : (
    <LiveScope id={props.id}>
      <LiveInstancePage {...props} />
    </LiveScope>
  );
}

/** The header, the VM state tips and the tabs of a server that is (or is about to be) there. */
function LiveInstancePage({ id, tab, onTabChange, panels }: InstanceDetailPageProps) {
  const { t } = useTranslation('instances');
  const { t: tLive } = useTranslation('instance-live');
  const { data: instance } = useSuspenseQuery(instanceQueryOptions(id));
  const { data: full } = useSuspenseQuery(instanceFullQueryOptions(id));
  const active = (INSTANCE_TABS as readonly string[]).includes(tab ?? '') ? tab! : 'overview';
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <BackLink to="/instances">{t('detail.back')}</BackLink>
        <Group justify="space-between" align="flex-start" gap="sm" mt={4} wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Group gap="sm" wrap="wrap">
              <Title order={1} style={{ overflowWrap: 'anywhere' }}>
                {instance.Hostname}
              </Title>
              <StatusBadge status={instance.Status} />
              <SuspendedBadge instance={instance} />
              <PowerBadge instance={instance} />
              {/* A suspended instance refuses consoles and actions until its invoice is paid (the alert says so). */}
              {instance.SuspendedAt ? null : panels.consoleLinks}
            </Group>
            <Group gap="xs" mt={4} c="dimmed" fz="sm">
              <Flag code={instance.CountryCode} />
              {/* The address is the overview's, once, with its copy button, so the header does not repeat it. */}
              <Text fz="sm" c="dimmed">
                {instance.RegionName} · {instance.ImageName}
              </Text>
            </Group>
          </div>
          {instance.SuspendedAt ? null : <InstanceActions instance={instance} />}
        </Group>
      </div>
      <RenewalAlert instance={instance} />
      <RestartAlert instance={instance} />
      <FailureAlert instance={instance} />
      <StateTip instance={instance} />
      <Tabs value={active} onChange={(v) => v && onTabChange(v)} keepMounted={false}>
        <Tabs.List aria-label={tLive('tabs.label')}>
          <Tabs.Tab value="overview">{tLive('tabs.overview')}</Tabs.Tab>
          <Tabs.Tab value="history">{tLive('tabs.history')}</Tabs.Tab>
          <Tabs.Tab value="network">{tLive('tabs.network')}</Tabs.Tab>
          <Tabs.Tab value="firewall">{tLive('tabs.firewall')}</Tabs.Tab>
          <Tabs.Tab value="backups">{tLive('tabs.backups')}</Tabs.Tab>
          <Tabs.Tab value="snapshots">{tLive('tabs.snapshots')}</Tabs.Tab>
          <Tabs.Tab value="settings">{tLive('tabs.settings')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <InstanceOverview instance={{ ...full, ...instance }} liveUsage={panels.liveUsage} />
        </Tabs.Panel>
        <Tabs.Panel value="history" pt="lg">
          {panels.history}
        </Tabs.Panel>
        <Tabs.Panel value="network" pt="lg">
          <NetworkPanel instance={instance} />
        </Tabs.Panel>
        <Tabs.Panel value="firewall" pt="lg">
          {panels.firewall}
        </Tabs.Panel>
        <Tabs.Panel value="backups" pt="lg">
          {panels.backups}
        </Tabs.Panel>
        <Tabs.Panel value="snapshots" pt="lg">
          {panels.snapshots}
        </Tabs.Panel>
        <Tabs.Panel value="settings" pt="lg">
          <SettingsPanel instance={instance} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
