import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { requestConsoleTicket } from '../../../../features/consoles/api/console-api';
import { ensureInstance } from '../../../../features/instances/api/ensure-instance';
import type { RefusedTicket } from '../../../../features/consoles/console-ticket';
import { instanceQueryOptions } from '../../../../lib/instances/instances-api';
import { VncConsolePage } from '../../../../features/consoles/components/vnc-console-page';
import { isApiError } from '../../../../lib/api-error';
import { i18n } from '../../../../lib/i18n/i18n';
import { useTranslation } from '../../../../lib/i18n/react';
import { notify } from '../../../../lib/notify';
import { usePageTitle } from '../../../../lib/page-title';

export const Route = createFileRoute('/_app/instances/$id/vnc')({
  // The existence check (docs/product/consoles.md#pages), then a console ticket and the instance's
  // details. Details that cannot load are the "Failed to load VNC" error and a redirect to
  // /instances; a refused ticket is said on the page, with why and what to do, and the way back. A
  // preload (hover) takes no ticket: it works once and only for 30 s, so the page takes its own
  // then.
  loader: async ({ context, params, preload }) => {
    const id = await ensureInstance(context.queryClient, params.id);
    try {
      const [ticket] = await Promise.all([
        preload ? null : requestConsoleTicket('vnc', id).catch((refused: unknown): RefusedTicket => ({ refused })),
        context.queryClient.ensureQueryData(instanceQueryOptions(id)),
      ]);
      return { id, ticket };
    } catch (error) {
      if (!(isApiError(error) && error.handled)) {
        notify.error({
          title: i18n.t('instance-console:vnc.loadFailed'),
          message: i18n.t('instance-console:vnc.loadFailedMessage'),
        });
      }
      throw redirect({ to: '/instances' });
    }
  },
  component: VncRoute,
});

function VncRoute() {
  const { id, ticket } = Route.useLoaderData();
  const { t } = useTranslation('instance-console');
  const { data } = useSuspenseQuery(instanceQueryOptions(id));
  const { t: tCommon } = useTranslation('common');
  usePageTitle(tCommon('titles.instances'), `${data.Hostname} · ${t('vnc.title')}`);
  return <VncConsolePage id={id} hostname={data.Hostname} initialTicket={ticket} />;
}
