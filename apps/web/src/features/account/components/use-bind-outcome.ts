import { OAUTH_BIND_RESULTS } from '@nimbus/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from '../../../lib/i18n/react';
import { notify } from '../../../lib/notify';
import { oauthProvidersQueryOptions } from '../api/identities';

/**
 * The return to /me from binding a provider: a toast saying how it went ("Binding or
 * unbinding failed" when it did not), once, then `done` drops the outcome from the address.
 */
export function useBindOutcome(outcome: string | undefined, providerId: string | undefined, done: () => void) {
  const { t } = useTranslation('me');
  const providers = useQuery(oauthProvidersQueryOptions());
  const shown = useRef(false);
  const ready = !providers.isPending;
  // Anything but the outcomes the server sends reads as a failure.
  const result = outcome === undefined ? undefined : (OAUTH_BIND_RESULTS.find((r) => r === outcome) ?? 'failed');
  useEffect(() => {
    if (!result || !ready || shown.current) return;
    shown.current = true;
    const name = providers.data?.find((p) => p.Id === providerId)?.Name ?? t('identities.theProvider');
    if (result === 'ok') notify.success({ title: t('identities.boundToast', { name }) });
    else notify.error({ title: t('identities.failed'), message: t(`identities.outcome.${result}`, { name }) });
    done();
  }, [result, ready, providers.data, providerId, t, done]);
}
