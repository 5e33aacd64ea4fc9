import { QUERY } from '@nimbus/contract';
import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useTranslation } from '../../lib/i18n/react';
import { ACCOUNT_TABS, type AccountTab } from '../../features/account/account-tab';
import { AccountTabs } from '../../features/account/components/account-tabs';
import { sshKeysQueryOptions } from '../../lib/ssh-keys/get-ssh-keys';
import { SshKeysPanel } from '../../features/ssh-keys/components/ssh-keys-panel';
import { usePageTitle } from '../../lib/page-title';
import { sessionQueryOptions } from '../../lib/session/session-query';

export const Route = createFileRoute('/_app/me')({
  validateSearch: (raw: Record<string, unknown>): { tab?: AccountTab } => ({
    tab: ACCOUNT_TABS.find((tab) => tab === raw.tab),
  }),
  loaderDeps: ({ search }) => ({ tab: search.tab }),
  loader: ({ context, deps }) => {
    // The keys start loading with the page, without holding it: the panel shows its own progress.
    if (deps.tab === 'keys') {
      void context.queryClient.prefetchQuery({ ...sshKeysQueryOptions(), staleTime: QUERY.prefetchStaleMs });
    }
    return context.queryClient.ensureQueryData(sessionQueryOptions());
  },
  component: AccountPage,
});

function AccountPage() {
  const { t } = useTranslation('me');
  const { t: tCommon } = useTranslation();
  const { tab = 'profile' } = Route.useSearch();
  const navigate = Route.useNavigate();
  usePageTitle(tCommon('titles.me'));
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
      />
    </Stack>
  );
}
