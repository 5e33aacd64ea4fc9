import { Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useTranslation } from '../../lib/i18n/react';
import { ACCOUNT_TABS, type AccountTab } from '../../features/account/account-tab';
import { oauthProvidersQueryOptions } from '../../features/account/api/identities';
import { AccountTabs } from '../../features/account/components/account-tabs';
import { useBindOutcome } from '../../features/account/components/use-bind-outcome';
import { sshKeysQueryOptions } from '../../lib/ssh-keys/get-ssh-keys';
import { SshKeysPanel } from '../../features/ssh-keys/components/ssh-keys-panel';
import { usePageTitle } from '../../lib/page-title';
import { optionalString } from '../../lib/search-params';
import { sessionQueryOptions } from '../../lib/session/session-query';
import { prefetched } from '../../lib/prefetch';

export interface AccountSearch {
  tab?: AccountTab;
  /** The return from binding a third-party login: how it went (OAUTH_BIND_RESULTS), and with which provider. */
  bind?: string;
  provider?: string;
}

export const Route = createFileRoute('/_app/me')({
  validateSearch: (raw: Record<string, unknown>): AccountSearch => ({
    tab: ACCOUNT_TABS.find((tab) => tab === raw.tab),
    bind: optionalString(raw.bind),
    provider: optionalString(raw.provider),
  }),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: async ({ context, deps }) => {
    // The keys start loading with the page, without holding it: the panel shows its own progress.
    if (deps.tab === 'keys') {
      void context.queryClient.prefetchQuery(prefetched(sshKeysQueryOptions()));
    }
    // Which providers are offered decides whether "Third-party logins" is a section at all.
    const [session] = await Promise.all([
      context.queryClient.ensureQueryData(sessionQueryOptions()),
      context.queryClient.prefetchQuery(oauthProvidersQueryOptions()),
    ]);
    return session;
  },
  component: AccountPage,
});

function AccountPage() {
  const { t } = useTranslation('me');
  const { t: tCommon } = useTranslation();
  const { tab = 'profile', bind, provider } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(tCommon('titles.me'));
  const providers = useQuery(oauthProvidersQueryOptions());
  const clearOutcome = useCallback(() => void navigate({ search: { tab }, replace: true }), [navigate, tab]);
  useBindOutcome(bind, provider, clearOutcome);
  return (
    <Stack gap="lg" maw={960}>
      <Stack gap={4}>
        <Title order={1} fz={28}>
          {t('heading')}
        </Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </Stack>
      <AccountTabs
        tab={tab}
        onChange={(next) => void navigate({ search: { tab: next }, replace: true })}
        panels={{ keys: <SshKeysPanel /> }}
        hidden={providers.data?.length ? [] : ['logins']}
      />
    </Stack>
  );
}
