import type { QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { isApiError } from '../../../lib/api-error';
import { i18n } from '../../../lib/i18n/i18n';
import { notify } from '../../../lib/notify';
import { MAX_INSTANCE_ID, routeId } from '../../../lib/route-id';
import { instanceStatusQueryOptions } from '../../../lib/instances/instance-live-api';

/**
 * The existence check of the instance pages (docs/product/instances.md#detail-instancesid): an
 * instance that cannot be read (missing, another customer's) is a 3 s warning and a redirect to
 * /instances. Answers the id.
 */
export async function ensureInstance(queryClient: QueryClient, raw: string): Promise<number> {
  const id = routeId(raw, MAX_INSTANCE_ID);
  try {
    if (id === null) throw new Error('not an instance id');
    await queryClient.ensureQueryData(instanceStatusQueryOptions(id));
    return id;
  } catch (error) {
    if (!(isApiError(error) && error.handled)) {
      // "get failed", with the catalogue's instance_not_exist text and the not-found tip.
      notify.warning({
        title: i18n.t('instances:notFound.title'),
        message: i18n.t('instances:notFound.message', { reason: i18n.t('errors:code.instance_not_exist') }),
      });
    }
    throw redirect({ to: '/instances' });
  }
}
