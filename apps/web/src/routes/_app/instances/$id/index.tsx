import { QUERY } from '@nimbus/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback, useMemo } from 'react';
import {
  guestOsQueryOptions,
  instanceFullQueryOptions,
  instanceRrdQueryOptions,
} from '../../../../lib/instances/instance-live-api';
import { instanceQueryOptions } from '../../../../lib/instances/instances-api';
import { ConsoleLinks } from '../../../../features/consoles/components/console-links';
import { FirewallPanel } from '../../../../features/firewall/components/firewall-panel';
import {
  type InstancePanels,
  InstanceDetailPage,
} from '../../../../features/instances/components/instance-detail-page';
import { LiveHistoryScope, LiveUsage } from '../../../../features/live-charts/components/live-usage';
import { UsageHistory } from '../../../../features/live-charts/components/usage-history';
import { BackupsPanel } from '../../../../features/restore-points/components/backups-panel';
import { SnapshotsPanel } from '../../../../features/restore-points/components/snapshots-panel';
import { ensureInstance } from '../../../../features/instances/api/ensure-instance';
import { useTranslation } from '../../../../lib/i18n/react';
import { usePageTitle } from '../../../../lib/page-title';

/** `tab` names one of the page's tabs; any string is kept (the page falls back to the overview). */
const parseSearch = (raw: Record<string, unknown>): { tab?: string } => ({
  tab: typeof raw.tab === 'string' && raw.tab !== '' ? raw.tab.slice(0, 32) : undefined,
});

export const Route = createFileRoute('/_app/instances/$id/')({
  validateSearch: parseSearch,
  // The instance's status is checked before the page loads; one that cannot be read
  // (missing, another customer's) is a 3 s warning and a redirect to /instances. Then the page's
  // reads are prefetched: status, the instance with its product, the day's average usage, the
  // detail and the guest OS.
  loader: async ({ context, params }) => {
    const { queryClient } = context;
    const id = await ensureInstance(queryClient, params.id);
    const prefetch = { staleTime: QUERY.prefetchStaleMs };
    void queryClient.prefetchQuery({ ...instanceRrdQueryOptions(id, 'day', 'AVERAGE'), ...prefetch });
    void queryClient.prefetchQuery({ ...guestOsQueryOptions(id), ...prefetch });
    await Promise.all([
      queryClient.prefetchQuery({ ...instanceFullQueryOptions(id), ...prefetch }),
      queryClient.prefetchQuery({ ...instanceQueryOptions(id), ...prefetch }),
    ]);
    return { id };
  },
  component: InstanceRoute,
});

function InstanceRoute() {
  const { id } = Route.useLoaderData();
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  const { data } = useSuspenseQuery(instanceQueryOptions(id));
  const { t } = useTranslation('common');
  usePageTitle(t('titles.instances'), data.Hostname);
  const onTabChange = useCallback(
    (next: string) => void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true }),
    [navigate],
  );
  // The page is the instances feature's; what other features show on it is composed here.
  const panels = useMemo<InstancePanels>(
    () => ({
      LiveScope: LiveHistoryScope,
      consoleLinks: <ConsoleLinks id={id} />,
      liveUsage: <LiveUsage id={id} />,
      history: <UsageHistory id={id} />,
      firewall: <FirewallPanel instanceId={id} />,
      backups: <BackupsPanel instanceId={id} />,
      snapshots: <SnapshotsPanel instanceId={id} />,
    }),
    [id],
  );
  return <InstanceDetailPage id={id} tab={tab} onTabChange={onTabChange} panels={panels} />;
}
