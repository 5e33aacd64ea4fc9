import { type InstanceFull, cycleByCode } from '@nimbus/contract';
import { money } from '../../../lib/money';
import { SimpleGrid, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { guestOsQueryOptions, instanceStatusQueryOptions } from '../../../lib/instances/instance-live-api';
import { uptimeParts } from '../uptime';
import { CopyAddress } from './copy-address';
import { Field, FieldPanel } from './field';
import { GuestOsPanel } from './guest-os-panel';
import type { ReactNode } from 'react';

/** Memory as people read it: 512 MB, 2 GB. */
export const memory = (mib: number) => (mib >= 1024 ? `${+(mib / 1024).toFixed(1)} GB` : `${mib} MB`);

/**
 * The overview tab (docs/product/instances.md#detail-instancesid): the instance's fields, the live
 * charts (`liveUsage`, from the live-charts feature) and the guest OS.
 */
export function InstanceOverview({ instance, liveUsage }: { instance: InstanceFull; liveUsage: ReactNode }) {
  const { t } = useTranslation('instance-live');
  const { t: tInstances } = useTranslation('instances');
  const { t: tDeploy } = useTranslation('deploy');
  const date = useDateFormat();
  const { data: status } = useQuery(instanceStatusQueryOptions(instance.Id));
  const { data: os } = useQuery(guestOsQueryOptions(instance.Id));
  const none = tInstances('detail.none');
  const price = (minor: number) => money(minor, instance.Currency);
  const cycle = cycleByCode(instance.Cycle);
  const uptime = (seconds: number) => {
    const p = uptimeParts(seconds);
    return t(`uptime.${p.unit}`, { d: p.d, h: p.h, m: p.m, s: p.s });
  };
  const mainIp = instance.AssignedIps[0];
  // The assigned addresses say something only when they are more than the one address shown.
  const extraIps =
    instance.AssignedIps.length > 1 || (instance.AssignedIps.length === 1 && mainIp !== instance.IpAddress);
  const running = status && (status.State === 'running' || status.State === 'paused');
  return (
    <Stack gap="lg">
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        <FieldPanel title={tInstances('detail.configuration')}>
          <Field label={t('fields.hostname')}>{instance.Hostname}</Field>
          <Field label={tInstances('fields.image')}>{instance.ImageName}</Field>
          <Field label={tInstances('fields.region')}>{instance.RegionName}</Field>
          <Field label={tInstances('fields.type')}>{instance.TypeName}</Field>
          <Field label={tInstances('fields.size')}>{instance.ProductName}</Field>
          <Field label={tInstances('fields.cores')}>{tDeploy('size.cores', { count: instance.Cores })}</Field>
          <Field label={tInstances('fields.memory')}>{memory(instance.Memory)}</Field>
          {/* "Storage": the disk as the customer bought it, in the words of /deploy (where it lives on
              the hypervisor is the operator's business, and the API does not say). */}
          <Field label={t('fields.storage')}>{tDeploy('size.disk', { amount: instance.Disk })}</Field>
          <Field label={tInstances('fields.bandwidth')}>
            {instance.Bandwidth === 0
              ? tDeploy('size.unmetered')
              : tDeploy('size.bandwidth', { amount: instance.Bandwidth })}
          </Field>
        </FieldPanel>
        <FieldPanel title={tInstances('detail.network')}>
          {/* The address once, with a way to copy it; the main and assigned addresses only
              when they say more than it. */}
          <Field label={tInstances('fields.ip')} mono>
            {instance.IpAddress ? (
              <CopyAddress
                address={instance.IpAddress}
                shown={instance.Prefix === null ? instance.IpAddress : `${instance.IpAddress}/${instance.Prefix}`}
              />
            ) : (
              none
            )}
          </Field>
          {mainIp && mainIp !== instance.IpAddress ? (
            <Field label={t('fields.mainIp')} mono>
              {mainIp}
            </Field>
          ) : null}
          <Field label={tInstances('fields.gateway')} mono>
            {instance.Gateway ?? none}
          </Field>
          <Field label={tInstances('fields.mac')} mono>
            {instance.Mac ?? none}
          </Field>
          {extraIps ? (
            <Field label={t('fields.assignedIps')} mono>
              {instance.AssignedIps.join(', ')}
            </Field>
          ) : null}
          <Field label={tInstances('fields.username')} mono>
            {instance.Username}
          </Field>
        </FieldPanel>
        <FieldPanel title={tInstances('detail.billing')}>
          <Field label={tInstances('fields.cycle')}>{cycle ? tDeploy(`cycles.${cycle.key}`) : instance.Cycle}</Field>
          <Field label={t('fields.price')}>{price(instance.Price)}</Field>
          <Field label={tInstances('fields.renewPrice')}>{price(instance.RenewPrice)}</Field>
          <Field label={tInstances('fields.autoRenew')}>
            {instance.AutoRenew ? tInstances('detail.on') : tInstances('detail.off')}
          </Field>
          <Field label={tInstances('fields.nextDue')}>{date.format(new Date(instance.DueAt))}</Field>
          <Field label={tInstances('fields.created')}>{date.format(new Date(instance.CreatedAt))}</Field>
        </FieldPanel>
      </SimpleGrid>
      {liveUsage}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <FieldPanel title={t('system.title')}>
          <Field label={t('fields.uptime')}>{running ? uptime(status.Uptime) : t('system.notRunning')}</Field>
          <Field label={t('fields.kernel')} mono>
            {os?.KernelRelease ?? t('guest.unknown')}
          </Field>
          <Field label={t('fields.iso')} mono>
            {instance.Iso ?? t('system.noIso')}
          </Field>
        </FieldPanel>
        <GuestOsPanel id={instance.Id} />
      </SimpleGrid>
    </Stack>
  );
}
