import { QUERY } from '@nimbus/contract';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useCallback } from 'react';
import {
  guestOsQueryOptions,
  instanceFullQueryOptions,
  instanceRrdQueryOptions,
  instanceStatusQueryOptions,
} from '../../../../features/instances/api/instance-live-api';
import { instanceQueryOptions } from '../../../../features/instances/api/instances-api';
import { InstanceDetailPage } from '../../../../features/instances/components/instance-detail-page';
import { isApiError } from '../../../../lib/api-error';
import { i18n } from '../../../../lib/i18n/i18n';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/page-title';

const toId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) < 2 ** 31 ? Number(raw) : null);

/** `tab` names one of the page's tabs; any string is kept (the page falls back to the overview). */
const parseSearch = (raw: Record<string, unknown>): { tab?: string } => ({
  tab: typeof raw.tab === 'string' && raw.tab !== '' ? raw.tab.slice(0, 32) : undefined,
});

export const Route = createFileRoute('/_app/instances/$id/')({
  validateSearch: parseSearch,
  // SPEC §2: the instance's status is checked before the page loads; one that cannot be read
  // (missing, another customer's) is a 3 s warning and a redirect to /instances. Then the page's
  // reads are prefetched: status, the instance with its product, the day's average usage, the
  // detail and the guest OS.
  loader: async ({ context, params }) => {
    const id = toId(params.id);
    const { queryClient } = context;
    try {
      if (id === null) throw new Error('not an instance id');
      await queryClient.ensureQueryData(instanceStatusQueryOptions(id));
    } catch (error) {
      if (!(isApiError(error) && error.handled)) {
        notify.warning({ title: i18n.t('instances:notFound.title'), message: i18n.t('instances:notFound.message') });
      }
      throw redirect({ to: '/instances' });
    }
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
  usePageTitle(data.Hostname);
  const onTabChange = useCallback(
    (next: string) => void navigate({ search: { tab: next === 'overview' ? undefined : next }, replace: true }),
    [navigate],
  );
  return <InstanceDetailPage id={id} tab={tab} onTabChange={onTabChange} />;
}
