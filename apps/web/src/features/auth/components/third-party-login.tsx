import { OAUTH_LOGIN_ERRORS } from '@nimbus/contract';
import { Alert, Button, Divider, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useEffect, useId, useState } from 'react';
import { ProviderIcon } from '../../../components/provider-icon';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { useOAuthProviders } from '../../../lib/oauth/providers';
import { useOAuthLogin } from '../api/oauth-login';
import { useOAuthText } from '../oauth-text';

export interface ThirdPartyLoginProps {
  /**
   * The terms box is ticked: the provider's sign-in accepts them
   * (docs/product/accounts.md#third-party-logins), and the start records it.
   */
  agreed: boolean;
  redirect?: string;
  /** A referral code, for an account the sign-in makes. */
  affCode?: string;
  /** The return from a provider that failed: why (OAUTH_LOGIN_ERRORS), and with which provider. */
  failure?: string;
  provider?: string;
}

/**
 * Third-party sign-in on /login and /register: "Third-party login failed" after a failed
 * return or a provider that could not be reached, and "Continue with …" for each configured
 * provider (nothing when none is configured).
 */
export default function ThirdPartyLogin({ agreed, redirect, affCode, failure, provider }: ThirdPartyLoginProps) {
  const t = useOAuthText();
  const { t: tErrors } = useTranslation('errors');
  const providers = useOAuthProviders();
  const start = useOAuthLogin();
  // The provider being started, until the browser leaves for it.
  const [busy, setBusy] = useState<string>();
  // A provider the server could not reach to start (502): said as a failed return is.
  const [down, setDown] = useState<string>();
  const hintId = useId();
  // Back from the provider through the history (a page kept in memory), ready again.
  useEffect(() => {
    const back = (e: PageTransitionEvent) => e.persisted && setBusy(undefined);
    window.addEventListener('pageshow', back);
    return () => window.removeEventListener('pageshow', back);
  }, []);
  if (providers.length === 0 && !failure) return null;
  const shown = down ? { failure: 'unreachable', provider: down } : { failure, provider };

  const choose = (Provider: string) => {
    setBusy(Provider);
    start.mutate(
      { Provider, AgreeTerms: true, Redirect: redirect, AffCode: affCode?.trim() || undefined },
      {
        onError: (error) => {
          setBusy(undefined);
          if (isApiError(error) && error.status === 502) setDown(Provider);
          else showErrorToast(error, tErrors, t('failed'));
        },
      },
    );
  };
  const reason = OAUTH_LOGIN_ERRORS.find((r) => r === shown.failure) ?? 'failed';
  const failedWith = providers.find((p) => p.Id === shown.provider)?.Name ?? t('theProvider');

  return (
    <Stack gap="sm">
      {shown.failure ? (
        <Alert variant="light" color="red" role="alert" icon={<IconAlertCircle aria-hidden />} title={t('failed')}>
          {t(`reason.${reason}`, { name: failedWith })}
        </Alert>
      ) : null}
      {providers.length > 0 ? <Divider label={t('or')} labelPosition="center" /> : null}
      {providers.map((p) => (
        <Button
          key={p.Id}
          variant="default"
          fullWidth
          leftSection={<ProviderIcon kind={p.Kind} />}
          disabled={!agreed || (busy !== undefined && busy !== p.Id)}
          loading={busy === p.Id}
          aria-describedby={agreed ? undefined : hintId}
          onClick={() => choose(p.Id)}
        >
          {t('continueWith', { name: p.Name })}
        </Button>
      ))}
      {agreed || providers.length === 0 ? null : (
        <Text id={hintId} fz="xs" c="dimmed" ta="center">
          {t('agreeFirst')}
        </Text>
      )}
    </Stack>
  );
}
