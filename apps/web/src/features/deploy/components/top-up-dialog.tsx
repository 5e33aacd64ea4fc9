import { Alert, Button, Loader, Stack, Text } from '@mantine/core';
import { IconWallet } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Dialog } from '../../../components/dialog';
import { TopUpForm } from '../../../components/top-up-form';
import { useTranslation } from '../../../lib/i18n/react';
import { money } from '../../../lib/money';
import { topUpFor } from '../../../lib/payments/top-up-amount';
import { paymentMethodsQueryOptions } from '../../../lib/payments/top-up-api';
import { leaveForTopUp } from '../../../lib/payments/top-up-return';
import type { DeployDraft } from '../draft';

/** What /deploy leaves while the customer tops up, to be put back when they return. */
export interface ParkedDraft {
  draft: DeployDraft;
  /** The promotion card's text, applied or not. */
  promoInput: string;
}

/**
 * The checkout says how much the balance lacks for this deploy, and tops it up without
 * losing the draft. The gateway's page is another site, so the draft is left behind first; the
 * return to /billing brings the customer back here with it.
 */
export function ShortfallAlert({
  shortfall,
  currency,
  parked,
}: {
  shortfall: number;
  currency: string;
  parked: ParkedDraft;
}) {
  const { t } = useTranslation('deploy');
  const { t: tCommon } = useTranslation();
  const [open, setOpen] = useState(false);
  const methods = useQuery({ ...paymentMethodsQueryOptions(), enabled: open });
  const amount = money(shortfall, currency);
  return (
    <>
      <Alert color="orange" variant="light" title={t('shortfall.title', { amount })} data-testid="deploy-shortfall">
        <Stack gap="xs" align="flex-start">
          <Text fz="sm">{t('shortfall.message', { amount })}</Text>
          <Button size="xs" leftSection={<IconWallet size={16} aria-hidden />} onClick={() => setOpen(true)}>
            {t('shortfall.topUp')}
          </Button>
        </Stack>
      </Alert>
      <Dialog opened={open} onClose={() => setOpen(false)} title={t('shortfall.dialogTitle')}>
        <Stack gap="md">
          <Text fz="sm" c="dimmed">
            {t('shortfall.dialogHint')}
          </Text>
          {methods.data ? (
            <TopUpForm
              methods={methods.data}
              initialAmount={topUpFor(shortfall, methods.data.TopUp)}
              // The root password is not parked: it would sit in the tab's storage while the customer
              // is at the gateway. It is asked again on the way back (the draft lists it as missing).
              onLeave={(payment) =>
                leaveForTopUp(payment.Id, '/deploy', { ...parked, draft: { ...parked.draft, password: '' } })
              }
            />
          ) : methods.isError ? (
            <Alert color="red" role="alert" title={t('shortfall.loadFailed')}>
              <Button size="xs" variant="default" onClick={() => void methods.refetch()}>
                {tCommon('actions.retry')}
              </Button>
            </Alert>
          ) : (
            <Loader size="sm" aria-label={tCommon('loading.title')} />
          )}
        </Stack>
      </Dialog>
    </>
  );
}
