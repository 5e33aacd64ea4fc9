import { Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { productsQueryOptions } from '../../features/deploy/api/deploy-api';
import { DeployPage } from '../../features/deploy/components/deploy-page';
import { parseDeploySearch } from '../../features/deploy/search';
import { sshKeysQueryOptions } from '../../lib/ssh-keys/get-ssh-keys';
import { useTranslation } from '../../lib/i18n/react';
import { notify } from '../../lib/notify';
import { usePageTitle } from '../../lib/page-title';
import { prefetched } from '../../lib/prefetch';

export const Route = createFileRoute('/_app/deploy')({
  validateSearch: parseDeploySearch,
  // SPEC §2: the catalogue is prefetched on entering; the keys start loading alongside.
  loader: ({ context }) => {
    void context.queryClient.prefetchQuery(prefetched(sshKeysQueryOptions()));
    return context.queryClient.ensureQueryData(productsQueryOptions());
  },
  component: NewInstancePage,
});

function NewInstancePage() {
  const { t } = useTranslation('deploy');
  const { t: tCommon } = useTranslation();
  const search = Route.useSearch();
  usePageTitle(tCommon('titles.deploy'));
  const invalid = (search.invalid ?? []).join(',');
  useEffect(() => {
    for (const key of invalid ? invalid.split(',') : []) {
      notify.warning({ title: t(`search.${key as 'region_id'}`) });
    }
  }, [invalid, t]);
  return (
    <Stack gap="lg" maw={1280}>
      <div>
        <Title order={1}>{tCommon('titles.deploy')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      <DeployPage search={search} />
    </Stack>
  );
}
