import { INSTANCE_PAGE_MAX, type Ticket } from '@nimbus/contract';
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import { instancesQueryOptions } from '../../../lib/instances/instances-api';
import { ticketsQueryOptions, ticketTypesQueryOptions } from '../../../features/tickets/api/tickets-api';
import { NewTicketDialog } from '../../../features/tickets/components/new-ticket-dialog';
import { TicketList, TICKETS_PAGE_SIZE } from '../../../features/tickets/components/ticket-list';
import { parseTicketsSearch, type TicketsSearch } from '../../../features/tickets/search';
import { useTranslation } from '../../../lib/i18n/react';
import { usePageTitle } from '../../../lib/page-title';
import { prefetched } from '../../../lib/prefetch';

export const Route = createFileRoute('/_app/tickets/')({
  validateSearch: parseTicketsSearch,
  loaderDeps: ({ search }) => ({ status: search.status, page: search.page, opened: search.new === 1 }),
  loader: async ({ context, deps }) => {
    const { queryClient } = context;
    // The form's types are read ahead; with the form open they are awaited, so it opens filled.
    const types = queryClient.prefetchQuery(prefetched(ticketTypesQueryOptions()));
    await Promise.all([
      queryClient.ensureQueryData(
        ticketsQueryOptions({ limit: TICKETS_PAGE_SIZE, page: deps.page ?? 1, status: deps.status }),
      ),
      deps.opened ? types : undefined,
    ]);
  },
  component: TicketsRoute,
});

function TicketsRoute() {
  const { t } = useTranslation('tickets');
  usePageTitle(t('title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const opened = search.new === 1;
  // The form offers the caller's instances; the tickets feature does not read them itself.
  const instances = useQuery({ ...instancesQueryOptions({ limit: INSTANCE_PAGE_MAX }), enabled: opened });
  const choices = useMemo(
    () => instances.data?.Items.map((i) => ({ value: String(i.Id), label: i.Hostname })),
    [instances.data],
  );
  const onSearchChange = useCallback(
    (next: TicketsSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  const openForm = () => onSearchChange({ ...search, new: 1, type_id: undefined });
  const closeForm = () => onSearchChange({ ...search, new: undefined, type_id: undefined });
  const created = (ticket: Ticket) => void navigate({ to: '/tickets/$id', params: { id: String(ticket.Id) } });

  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{t('title')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={openForm}>
          {t('new')}
        </Button>
      </Group>
      <TicketList search={search} onSearchChange={onSearchChange} onNew={openForm} />
      <NewTicketDialog
        opened={opened}
        onClose={closeForm}
        typeId={search.type_id}
        instances={choices}
        onCreated={created}
      />
    </Stack>
  );
}
