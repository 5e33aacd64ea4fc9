import { createFileRoute, redirect } from '@tanstack/react-router';
import { instanceQueryOptions } from '../../../../features/instances/api/instances-api';
import { InstanceDetailPage } from '../../../../features/instances/components/instance-detail-page';
import { isApiError } from '../../../../lib/api-error';
import { i18n } from '../../../../lib/i18n/i18n';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/page-title';
import { useSuspenseQuery } from '@tanstack/react-query';

const toId = (raw: string) => (/^[1-9]\d{0,9}$/.test(raw) && Number(raw) < 2 ** 31 ? Number(raw) : null);

export const Route = createFileRoute('/_app/instances/$id/')({
  // SPEC §2: the instance is checked before the page loads; one that cannot be read (missing,
  // another customer's) is a 3 s warning and a redirect to /instances.
  loader: async ({ context, params }) => {
    const id = toId(params.id);
    try {
      if (id === null) throw new Error('not an instance id');
      await context.queryClient.ensureQueryData(instanceQueryOptions(id));
      return { id };
    } catch (error) {
      if (!(isApiError(error) && error.handled)) {
        notify.warning({ title: i18n.t('instances:notFound.title'), message: i18n.t('instances:notFound.message') });
      }
      throw redirect({ to: '/instances' });
    }
  },
  component: InstanceRoute,
});

function InstanceRoute() {
  const { id } = Route.useLoaderData();
  const { data } = useSuspenseQuery(instanceQueryOptions(id));
  usePageTitle(data.Hostname);
  return <InstanceDetailPage id={id} />;
}
