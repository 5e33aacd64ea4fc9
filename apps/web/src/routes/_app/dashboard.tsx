import { SimpleGrid, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n/react';
import { AccountSummaryCard } from '../../features/dashboard/components/account-summary-card';
import { Greeting } from '../../features/dashboard/components/greeting';
import { PreferencesCard } from '../../features/dashboard/components/preferences-card';
import { ProfileCard } from '../../features/dashboard/components/profile-card';
import { instancesQueryOptions } from '../../lib/instances/instances-api';
import { RecentInstances } from '../../features/instances/components/recent-instances';
import { recentInvoicesQueryOptions } from '../../features/billing/api/invoices-api';
import { RecentInvoices } from '../../features/billing/components/recent-invoices';
import { recentTicketsQueryOptions, ticketTypesQueryOptions } from '../../features/tickets/api/tickets-api';
import { RecentTickets } from '../../features/tickets/components/recent-tickets';
import { TicketTypesCard } from '../../features/tickets/components/ticket-types-card';
import { RecentNotices } from '../../features/notices/components/recent-notices';
import { recentNoticesQueryOptions } from '../../lib/notices/notices-query';
import { DASHBOARD_LIMITS } from '@nimbus/contract';
import { usePageTitle } from '../../lib/page-title';
import { sessionQueryOptions, useSessionUser } from '../../lib/session/session-query';
import { prefetched } from '../../lib/prefetch';

export const Route = createFileRoute('/_app/dashboard')({
  loader: async ({ context }) => {
    // The recent instances and invoices are prefetched, not awaited: the greeting and account cards need only the session.
    void context.queryClient.prefetchQuery(prefetched(instancesQueryOptions({ limit: DASHBOARD_LIMITS.instances })));
    void context.queryClient.prefetchQuery(prefetched(recentInvoicesQueryOptions()));
    void context.queryClient.prefetchQuery(prefetched(recentTicketsQueryOptions()));
    void context.queryClient.prefetchQuery(prefetched(ticketTypesQueryOptions(DASHBOARD_LIMITS.ticketTypes)));
    void context.queryClient.prefetchQuery(prefetched(recentNoticesQueryOptions()));
    await context.queryClient.ensureQueryData(sessionQueryOptions());
  },
  component: DashboardPage,
});

function DashboardPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.dashboard'));
  return (
    <Stack gap="xl" maw={1200}>
      <Greeting user={user} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <RecentInstances />
        <RecentInvoices />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, lg: 3 }} spacing="lg">
        <RecentTickets />
        <TicketTypesCard />
        <RecentNotices />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        <AccountSummaryCard user={user} />
        <ProfileCard user={user} />
        <PreferencesCard />
      </SimpleGrid>
    </Stack>
  );
}
