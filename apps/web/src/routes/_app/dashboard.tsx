import { SimpleGrid, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n/react';
import { AccountSummaryCard } from '../../features/dashboard/components/account-summary-card';
import { Greeting } from '../../features/dashboard/components/greeting';
import { PreferencesCard } from '../../features/dashboard/components/preferences-card';
import { ProfileCard } from '../../features/dashboard/components/profile-card';
import { usePageTitle } from '../../lib/page-title';
import { sessionQueryOptions, useSessionUser } from '../../lib/session/session-query';

export const Route = createFileRoute('/_app/dashboard')({
  loader: ({ context }) => context.queryClient.ensureQueryData(sessionQueryOptions()),
  component: DashboardPage,
});

function DashboardPage() {
  const { t } = useTranslation();
  const user = useSessionUser();
  usePageTitle(t('titles.dashboard'));
  return (
    <Stack gap="xl" maw={1200}>
      <Greeting user={user} />
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="lg">
        <AccountSummaryCard user={user} />
        <ProfileCard user={user} />
        <PreferencesCard />
      </SimpleGrid>
    </Stack>
  );
}
