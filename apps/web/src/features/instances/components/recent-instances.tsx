import { DASHBOARD_LIMITS } from '@nimbus/contract';
import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconRocket, IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Flag } from '../../../components/flag';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { useTranslation } from '../../../lib/i18n/react';
import { instancesQueryOptions } from '../api/instances-api';
import classes from './instances.module.css';
import { StatusBadge } from './status-badge';

/** The dashboard's recent instances (SPEC §2: limit 8), each linking to its page. */
export function RecentInstances() {
  const { t } = useTranslation('dashboard');
  const list = useQuery(instancesQueryOptions({ limit: DASHBOARD_LIMITS.instances }));
  const title = t('instances.title');
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {list.data && list.data.Total > 0 ? (
          <AnchorLink to="/instances" fz="sm">
            {t('instances.all', { count: list.data.Total })}
          </AnchorLink>
        ) : null}
      </Group>
      {list.isPending ? (
        <Stack gap="xs">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : list.isError ? (
        <Text c="dimmed" fz="sm">
          {t('instances.failed')}
        </Text>
      ) : list.data.Items.length === 0 ? (
        <Stack align="center" gap="xs" ta="center" py="md">
          <IconServer size={32} stroke={1.5} aria-hidden />
          <Text fw={600}>{t('instances.emptyTitle')}</Text>
          <Text c="dimmed" fz="sm" maw={360}>
            {t('instances.emptyMessage')}
          </Text>
          <ButtonLink to="/deploy" leftSection={<IconRocket size={16} />} mt="xs">
            {t('instances.deploy')}
          </ButtonLink>
        </Stack>
      ) : (
        <ul className={classes.recent}>
          {list.data.Items.map((instance) => (
            <li key={instance.Id}>
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
                <StatusBadge status={instance.Status} />
              </Group>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
