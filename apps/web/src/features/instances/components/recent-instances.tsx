import { DASHBOARD_LIMITS } from '@nimbus/contract';
import { Group, Stack, Text } from '@mantine/core';
import { IconRocket, IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { EmptyState } from '../../../components/empty-state';
import { Flag } from '../../../components/flag';
import { RecentCard } from '../../../components/recent-card';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useTranslation } from '../../../lib/i18n/react';
import { instancesQueryOptions } from '../../../lib/instances/instances-api';
import { ListPowerBadge, StatusBadge } from './status-badge';

/**
 * The dashboard's recent instances (limit 8, docs/product/README.md#the-shell-and-the-dashboard),
 * each linking to its page.
 */
export function RecentInstances() {
  const { t } = useTranslation('dashboard');
  const list = useQuery(instancesQueryOptions({ limit: DASHBOARD_LIMITS.instances }));
  return (
    <RecentCard
      title={t('instances.title')}
      all={
        <AnchorLink to="/instances" fz="sm">
          {t('instances.all', { count: list.data?.Total ?? 0 })}
        </AnchorLink>
      }
      items={list.data?.Items}
      isError={list.isError}
      failed={t('instances.failed')}
      empty={
        <EmptyState
          compact
          icon={IconServer}
          title={t('instances.emptyTitle')}
          message={t('instances.emptyMessage')}
          action={
            <ButtonLink to="/deploy" leftSection={<IconRocket size={16} />}>
              {t('instances.deploy')}
            </ButtonLink>
          }
        />
      }
      itemKey={(instance) => instance.Id}
    >
      {(instance) => (
        <Group justify="space-between" gap="sm" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <AnchorLink
              to="/instances/$id"
              params={{ id: String(instance.Id) }}
              fw={600}
              style={{ overflowWrap: 'anywhere' }}
            >
              {instance.Hostname}
            </AnchorLink>
            <Group gap={6} wrap="nowrap">
              <Flag code={instance.CountryCode} />
              <Text fz="xs" c="dimmed" ff={instance.IpAddress ? 'monospace' : undefined} truncate>
                {instance.IpAddress ?? instance.RegionName} · {instance.ImageName}
              </Text>
            </Group>
          </div>
          <Stack gap={4} align="flex-end">
            <StatusBadge status={instance.Status} />
            <ListPowerBadge id={instance.Id} />
          </Stack>
        </Group>
      )}
    </RecentCard>
  );
}
