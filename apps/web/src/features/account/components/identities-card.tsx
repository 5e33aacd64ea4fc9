import type { Identity, OAuthProvider } from '@nimbus/contract';
import { Alert, Badge, Button, Group, Skeleton, Stack, Text, ThemeIcon } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { ProviderIcon } from '../../../components/provider-icon';
import { AnchorLink } from '../../../components/router-link';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-query';
import { oauthProvidersQueryOptions, useBindIdentity, useIdentities, useUnbindIdentity } from '../api/identities';
import classes from '../../../components/divided-list.module.css';
import { SectionCard } from './section-card';

/** The configured providers, each bound or not, with Bind and Unbind (never the last way to sign in). */
export function IdentitiesCard() {
  const { t } = useTranslation(['me', 'common']);
  const providers = useQuery(oauthProvidersQueryOptions());
  const identities = useIdentities();
  const loading = providers.isPending || identities.isPending;
  const failed = providers.isError || identities.isError;
  return (
    <SectionCard id="identities-heading" title={t('identities.heading')} description={t('identities.description')}>
      {loading ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={56} />
        </Stack>
      ) : failed ? (
        <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          <Stack gap="sm" align="flex-start">
            <Text fz="sm">{t('identities.loadFailed')}</Text>
            <Button
              variant="default"
              size="xs"
              loading={providers.isFetching || identities.isFetching}
              onClick={() => void Promise.all([providers.refetch(), identities.refetch()])}
            >
              {t('common:actions.retry')}
            </Button>
          </Stack>
        </Alert>
      ) : (
        <IdentityList providers={providers.data ?? []} identities={identities.data ?? []} />
      )}
    </SectionCard>
  );
}

function IdentityList({ providers, identities }: { providers: OAuthProvider[]; identities: Identity[] }) {
  const { t } = useTranslation('me');
  const user = useSessionUser();
  const offered = new Set(providers.map((p) => p.Id));
  // The server's rule: no password and no other offered provider means this one is the way in.
  const ways = identities.filter((i) => offered.has(i.Provider)).length + (user.HasPassword ? 1 : 0);
  return (
    <ul className={classes.list} aria-label={t('identities.heading')}>
      {providers.map((p) => (
        <ProviderRow
          key={p.Id}
          provider={p}
          identity={identities.find((i) => i.Provider === p.Id)}
          lastWay={ways <= 1}
        />
      ))}
    </ul>
  );
}

function ProviderRow({
  provider,
  identity,
  lastWay,
}: {
  provider: OAuthProvider;
  identity?: Identity;
  lastWay: boolean;
}) {
  const { t } = useTranslation('me');
  const { t: tErrors } = useTranslation('errors');
  const date = useDateFormat();
  const bind = useBindIdentity();
  const unbind = useUnbindIdentity();
  const [leaving, setLeaving] = useState(false);
  const hintId = useId();
  const name = provider.Name;
  const locked = !!identity && lastWay;

  const onBind = () =>
    bind.mutate(provider.Id, {
      onSuccess: () => setLeaving(true),
      onError: (error) =>
        // 502: the server could not reach the provider to start.
        isApiError(error) && error.status === 502
          ? notify.error({ title: t('identities.failed'), message: t('identities.outcome.unreachable', { name }) })
          : showErrorToast(error, tErrors, t('identities.failed')),
    });
  const onUnbind = () =>
    unbind.mutate(provider.Id, {
      onSuccess: () => notify.success({ title: t('identities.unbound', { name }) }),
      onError: (error) => showErrorToast(error, tErrors, t('identities.failed')),
    });

  return (
    <li className={classes.item}>
      <Group justify="space-between" align="center" wrap="nowrap" gap="sm">
        <Group gap="sm" wrap="nowrap" miw={0} style={{ flex: '1 1 0' }}>
          <ThemeIcon variant="light" color="gray" size={40} radius="md" style={{ flex: 'none' }} aria-hidden>
            <ProviderIcon kind={provider.Kind} size={22} />
          </ThemeIcon>
          <Stack gap={2} miw={0}>
            <Group gap="xs" wrap="wrap">
              <Text fw={600}>{name}</Text>
              <Badge variant="dot" color={identity ? 'teal' : 'gray'} tt="none">
                {identity ? t('identities.bound') : t('identities.notBound')}
              </Badge>
            </Group>
            {identity ? (
              <Text fz="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {identity.Email
                  ? t('identities.boundAs', { email: identity.Email, date: date.format(new Date(identity.CreatedAt)) })
                  : t('identities.boundOn', { date: date.format(new Date(identity.CreatedAt)) })}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {identity ? (
          <Button
            variant="default"
            style={{ flex: 'none' }}
            onClick={onUnbind}
            loading={unbind.isPending}
            disabled={locked}
            aria-label={t('identities.unbindLabel', { name })}
            aria-describedby={locked ? hintId : undefined}
          >
            {t('identities.unbind')}
          </Button>
        ) : (
          <Button
            variant="light"
            style={{ flex: 'none' }}
            onClick={onBind}
            loading={bind.isPending || leaving}
            aria-label={t('identities.bindLabel', { name })}
          >
            {t('identities.bind')}
          </Button>
        )}
      </Group>
      {locked ? (
        <Text id={hintId} fz="sm" c="dimmed" mt="xs">
          {t('identities.lastWay', { name })}{' '}
          <AnchorLink to="/me" search={{ tab: 'password' }} fz="sm" underline="always">
            {t('identities.setPassword')}
          </AnchorLink>
        </Text>
      ) : null}
    </li>
  );
}
