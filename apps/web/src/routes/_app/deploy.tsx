import { Alert, Button, List, Stack, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { productsQueryOptions } from '../../features/deploy/api/deploy-api';
import { DeployPage } from '../../features/deploy/components/deploy-page';
import { DEPLOY_SEARCH_KEYS, parseDeploySearch, type DeploySearchKey } from '../../features/deploy/search';
import { sshKeysQueryOptions } from '../../lib/ssh-keys/get-ssh-keys';
import { useTranslation } from '../../lib/i18n/react';
import { usePageTitle } from '../../lib/page-title';
import { prefetched } from '../../lib/prefetch';

export const Route = createFileRoute('/_app/deploy')({
  validateSearch: parseDeploySearch,
  // The catalogue is prefetched on entering; the keys start loading alongside.
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
  return (
    <Stack gap="lg" maw={1280}>
      <div>
        <Title order={1}>{tCommon('titles.deploy')}</Title>
        <Text c="dimmed">{t('subtitle')}</Text>
      </div>
      {search.invalid ? <InvalidSearch keys={search.invalid} /> : null}
      <DeployPage search={search} />
    </Stack>
  );
}

/**
 * The route's validation error (docs/product/deploy.md#search-parameters-featuresdeploysearchts):
 * the link's parameters of the wrong type or precision, named until the customer drops them (the
 * page works on without them meanwhile).
 */
function InvalidSearch({ keys }: { keys: DeploySearchKey[] }) {
  const { t } = useTranslation('deploy');
  const navigate = Route.useNavigate();
  const drop = () =>
    void navigate({
      search: (prev) => {
        const next: Record<string, unknown> = { ...prev, invalid: undefined };
        for (const key of DEPLOY_SEARCH_KEYS) if (keys.includes(key)) next[key] = undefined;
        return next;
      },
      replace: true,
    });
  return (
    <Alert color="orange" variant="light" role="alert" title={t('searchInvalid.title')}>
      <Stack gap="xs" align="flex-start">
        <List size="sm" spacing={2}>
          {keys.map((key) => (
            <List.Item key={key}>{t(`search.${key}`)}</List.Item>
          ))}
        </List>
        <Button size="xs" variant="default" onClick={drop}>
          {t('searchInvalid.drop')}
        </Button>
      </Stack>
    </Alert>
  );
}
