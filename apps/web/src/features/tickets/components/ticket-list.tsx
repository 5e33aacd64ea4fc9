import { TICKET_STATUSES, type TicketSummary } from '@nimbus/contract';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { IconLifebuoy, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { DataList, listState, type DataListColumn } from '../../../components/data-list';
import { AnchorLink } from '../../../components/router-link';
import { StatusFilter } from '../../../components/status-filter';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { useTranslation } from '../../../lib/i18n/react';
import { ticketsQueryOptions } from '../api/tickets-api';
import type { TicketsSearch } from '../search';
import { TicketStatusBadge } from './ticket-status-badge';
import classes from './tickets.module.css';
import { LoadFailed } from '../../../components/empty-state';

export const TICKETS_PAGE_SIZE = 20;

interface TicketListProps {
  search: TicketsSearch;
  onSearchChange: (next: TicketsSearch) => void;
  onNew: () => void;
}

/**
 * /tickets: the caller's tickets, most recently updated first, with the status filter and paging
 * (docs/product/tickets.md#pages).
 */
export function TicketList({ search, onSearchChange, onNew }: TicketListProps) {
  const { t } = useTranslation('tickets');
  const date = useDateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const page = search.page ?? 1;
  const list = useQuery(ticketsQueryOptions({ limit: TICKETS_PAGE_SIZE, page, status: search.status }));
  const data = list.data;

  const columns: DataListColumn<TicketSummary>[] = [
    {
      key: 'subject',
      header: t('table.subject'),
      cell: (ticket) => (
        <>
          <AnchorLink to="/tickets/$id" params={{ id: String(ticket.Id) }} fw={600} className={classes.subject}>
            {ticket.Title}
          </AnchorLink>
          <Text fz="xs" c="dimmed">
            {t('table.number', { id: ticket.Id })}
            <Text span hiddenFrom="sm" inherit>
              {' · '}
              {ticket.TypeName} · {date.format(new Date(ticket.UpdatedAt))}
            </Text>
          </Text>
        </>
      ),
    },
    {
      key: 'status',
      header: t('table.status'),
      cell: (ticket) => <TicketStatusBadge status={ticket.Status} />,
    },
    {
      key: 'type',
      header: t('table.type'),
      visibleFrom: 'sm',
      td: { fz: 'sm' },
      cell: (ticket) => ticket.TypeName,
    },
    {
      key: 'instance',
      header: t('table.instance'),
      visibleFrom: 'md',
      td: { fz: 'sm' },
      cell: (ticket) =>
        ticket.InstanceId !== null && ticket.Hostname ? (
          <AnchorLink to="/instances/$id" params={{ id: String(ticket.InstanceId) }} fz="sm">
            {ticket.Hostname}
          </AnchorLink>
        ) : (
          <Text span c="dimmed" fz="sm">
            —
          </Text>
        ),
    },
    {
      key: 'updated',
      header: t('table.updated'),
      visibleFrom: 'sm',
      td: { fz: 'sm' },
      cell: (ticket) => (
        <>
          {date.format(new Date(ticket.UpdatedAt))}
          <Text fz="xs" c="dimmed">
            {t(`table.lastReply.${ticket.LastReplyBy}`)}
          </Text>
        </>
      ),
    },
  ];

  // A read that failed after its retries says so, with a retry: never an empty list that looks
  // like "nothing here".
  if (list.isError && !data) {
    return <LoadFailed message={t('list.loadFailed')} onRetry={() => void list.refetch()} retrying={list.isFetching} />;
  }

  if (data && data.Total === 0 && search.status === undefined) {
    return (
      <Card withBorder radius="md" padding="xl">
        <Stack align="center" gap="sm" maw={440} mx="auto" ta="center" py="lg">
          <IconLifebuoy size={40} stroke={1.5} aria-hidden />
          <Title order={2} fz="h3">
            {t('empty.title')}
          </Title>
          <Text c="dimmed">{t('empty.message')}</Text>
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={onNew} mt="sm">
            {t('empty.action')}
          </Button>
        </Stack>
      </Card>
    );
  }

  return (
    <Card withBorder radius="md" padding={0}>
      <Group p="md" gap="sm" justify="space-between" wrap="wrap">
        <StatusFilter
          label={t('filter')}
          statuses={TICKET_STATUSES}
          value={search.status}
          all={t('status.all')}
          labelOf={(s) => t(`status.${s}`)}
          onChange={(status) => onSearchChange({ ...search, status, page: undefined })}
          className={classes.filter}
        />
      </Group>
      <DataList
        label={t('table.label')}
        className={classes.table}
        highlightOnHover
        scroll
        columns={columns}
        rowKey={(ticket) => ticket.Id}
        {...listState(list, {
          summary: (count) => t('table.total', { count }),
          pageSize: TICKETS_PAGE_SIZE,
          page,
          onPage: (p) => onSearchChange({ ...search, page: p === 1 ? undefined : p }),
        })}
        empty={
          <Text c="dimmed" ta="center" p="xl">
            {search.status ? t('empty.filtered', { status: t(`status.${search.status}`) }) : t('empty.page')}
          </Text>
        }
      />
    </Card>
  );
}
