import { INSTANCE_STATUSES, type InstanceSummary } from '@nimbus/contract';
import { money } from '../../../lib/money';
import { Anchor, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconRocket, IconSearch, IconServer } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Flag } from '../../../components/flag';
import { DataList, listState, PhoneLine, type DataListColumn } from '../../../components/data-list';
import { AnchorLink, ButtonLink } from '../../../components/router-link';
import { StatusFilter } from '../../../components/status-filter';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { instancesQueryOptions } from '../../../lib/instances/instances-api';
import type { InstancesSearch } from '../search';
import classes from './instances.module.css';
import { RowActions, RowActionsHeader } from './row-actions';
import { SuspendedBadge } from './renewal-alert';
import { ListPowerBadge, StatusBadge } from './status-badge';
import { LoadFailed } from '../../../components/empty-state';

export const INSTANCES_PAGE_SIZE = 20;
const SEARCH_DELAY_MS = 300;

interface InstancesPageProps {
  search: InstancesSearch;
  onSearchChange: (next: InstancesSearch) => void;
}

/**
 * /instances: the caller's servers with the status filter
 * (docs/product/instances.md#list-instances), a search and paging.
 */
export function InstancesPage({ search, onSearchChange }: InstancesPageProps) {
  const { t } = useTranslation('instances');
  const date = useDateFormat();
  const page = search.page ?? 1;
  const list = useQuery(
    instancesQueryOptions({ limit: INSTANCES_PAGE_SIZE, page, status: search.status, search: search.q }),
  );
  const [text, setText] = useState(search.q ?? '');
  useEffect(() => setText(search.q ?? ''), [search.q]);
  useEffect(() => {
    const q = text.trim() || undefined;
    if (q === search.q) return;
    const timer = window.setTimeout(() => onSearchChange({ ...search, q, page: undefined }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [text, search, onSearchChange]);

  const columns: DataListColumn<InstanceSummary>[] = [
    {
      key: 'hostname',
      header: t('table.hostname'),
      cell: (instance) => (
        <>
          <AnchorLink to="/instances/$id" params={{ id: String(instance.Id) }} fw={600}>
            {instance.Hostname}
          </AnchorLink>
          <PhoneLine>{instance.IpAddress ?? t('table.noIp')}</PhoneLine>
          <Text fz="xs" c="dimmed" visibleFrom="sm">
            {instance.ImageName}
          </Text>
          {/* A destroyed instance shows when it ended, with no renewal and no actions. */}
          {instance.Status === 'destroyed' && instance.DestroyedAt ? (
            <Text fz="xs" c="dimmed">
              {t('table.destroyedOn', { date: date.format(new Date(instance.DestroyedAt)) })}
            </Text>
          ) : null}
        </>
      ),
    },
    {
      key: 'status',
      header: t('table.status'),
      cell: (instance) => (
        <Group gap={6} wrap="wrap">
          <StatusBadge status={instance.Status} />
          <ListPowerBadge id={instance.Id} />
          <SuspendedBadge instance={instance} />
        </Group>
      ),
    },
    {
      key: 'ip',
      header: t('table.ip'),
      visibleFrom: 'sm',
      td: { ff: 'monospace', fz: 'sm' },
      cell: (instance) => instance.IpAddress ?? '—',
    },
    {
      key: 'region',
      header: t('table.region'),
      visibleFrom: 'md',
      cell: (instance) => (
        <Group gap="xs" wrap="nowrap">
          <Flag code={instance.CountryCode} />
          <Text fz="sm">{instance.RegionName}</Text>
        </Group>
      ),
    },
    {
      key: 'size',
      header: t('table.size'),
      visibleFrom: 'lg',
      td: { fz: 'sm' },
      cell: (instance) => instance.ProductName,
    },
    {
      key: 'price',
      header: t('table.price'),
      visibleFrom: 'lg',
      td: { fz: 'sm', style: { fontVariantNumeric: 'tabular-nums' } },
      cell: (instance) => (instance.Status === 'destroyed' ? '—' : money(instance.Price, instance.Currency)),
    },
    {
      key: 'due',
      header: t('table.due'),
      visibleFrom: 'md',
      td: { fz: 'sm' },
      cell: (instance) => (instance.Status === 'destroyed' ? '—' : date.format(new Date(instance.DueAt))),
    },
    {
      key: 'actions',
      header: null,
      headerCell: <RowActionsHeader />,
      td: { ta: 'end' },
      cell: (instance) =>
        instance.SuspendedAt || instance.Status === 'destroyed' ? null : <RowActions instance={instance} />,
    },
  ];

  const filtered = search.status !== undefined || search.q !== undefined;
  const data = list.data;

  // A read that failed after its retries says so, with a retry: never an empty list that looks
  // like "nothing here".
  if (list.isError && !data) {
    return <LoadFailed message={t('list.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }

  if (data && data.Total === 0 && !filtered) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm" maw={440} mx="auto" ta="center" py="lg">
          <IconServer size={40} stroke={1.5} aria-hidden />
          <Title order={2} fz="h3">
            {t('empty.title')}
          </Title>
          <Text c="dimmed">{t('empty.message')}</Text>
          <ButtonLink to="/deploy" leftSection={<IconRocket size={16} />} mt="sm">
            {t('empty.action')}
          </ButtonLink>
          {/* Destroyed instances are hidden by default, but a link shows them: they may be all there is. */}
          <Anchor component="button" type="button" fz="sm" onClick={() => onSearchChange({ status: 'destroyed' })}>
            {t('empty.showDestroyed')}
          </Anchor>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding={0}>
      <Group p="md" gap="sm" wrap="wrap">
        <TextInput
          aria-label={t('search.label')}
          placeholder={t('search.placeholder')}
          leftSection={<IconSearch size={16} aria-hidden />}
          value={text}
          onChange={(e) => setText(e.currentTarget.value)}
          maxLength={128}
          style={{ flex: '1 1 220px' }}
        />
        <StatusFilter
          label={t('filter.label')}
          statuses={INSTANCE_STATUSES}
          value={search.status}
          all={t('filter.all')}
          labelOf={(s) => t(`status.${s}`)}
          onChange={(status) => onSearchChange({ ...search, status, page: undefined })}
          w={180}
        />
      </Group>
      <DataList
        label={t('table.label')}
        className={classes.table}
        highlightOnHover
        columns={columns}
        rowKey={(instance) => instance.Id}
        {...listState(list, {
          summary: (count) => t('table.total', { count }),
          pageSize: INSTANCES_PAGE_SIZE,
          page,
          onPage: (p) => onSearchChange({ ...search, page: p === 1 ? undefined : p }),
        })}
        empty={
          <Text c="dimmed" ta="center" p="xl">
            {t('empty.filtered')}
          </Text>
        }
        emptyUnderHead
      />
    </Card>
  );
}
