import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { ensureInstance } from '../../../../features/instances/api/ensure-instance';
import { instanceQueryOptions } from '../../../../lib/instances/instances-api';
import { XtermConsolePage } from '../../../../features/consoles/components/xterm-console-page';
import { isApiError } from '../../../../lib/api-error';
import { i18n } from '../../../../lib/i18n/i18n';
import { useTranslation } from '../../../../lib/i18n/react';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/page-title';

export const Route = createFileRoute('/_app/instances/$id/xterm')({
  // The existence check (docs/product/consoles.md#pages), then the instance's details; a failure is
  // the "Failed to load XTERM" error and a redirect to /instances. The page takes a console ticket
  // per connection.
  loader: async ({ context, params }) => {
    const id = await ensureInstance(context.queryClient, params.id);
    try {
      await context.queryClient.ensureQueryData(instanceQueryOptions(id));
      return { id };
    } catch (error) {
      if (!(isApiError(error) && error.handled)) {
        notify.error({
          title: i18n.t('instance-console:xterm.loadFailed'),
          message: i18n.t('instance-console:xterm.loadFailedMessage'),
        });
      }
      throw redirect({ to: '/instances' });
    }
  },
  component: XtermRoute,
});

function XtermRoute() {
  const { id } = Route.useLoaderData();
  const { t } = useTranslation('instance-console');
  const { data } = useSuspenseQuery(instanceQueryOptions(id));
  const { t: tCommon } = useTranslation('common');
  usePageTitle(tCommon('titles.instances'), `${data.Hostname} · ${t('xterm.title')}`);
  return <XtermConsolePage id={id} hostname={data.Hostname} />;
}
