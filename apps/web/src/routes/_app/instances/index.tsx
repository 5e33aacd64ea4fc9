import { Group, Stack, Text, Title } from '@mantine/core';
import { IconRocket } from '@tabler/icons-react';
import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { ButtonLink } from '../../../components/router-link';
import { INSTANCES_PAGE_SIZE, InstancesPage } from '../../../features/instances/components/instances-page';
import { instancesQueryOptions } from '../../../lib/instances/instances-api';
import { type InstancesSearch, parseInstancesSearch } from '../../../features/instances/search';
import { useTranslation } from '../../../lib/i18n/react';
import { usePageTitle } from '../../../lib/page-title';

export const Route = createFileRoute('/_app/instances/')({
  validateSearch: parseInstancesSearch,
  loaderDeps: ({ search }) => search,
  loader: ({ context, deps }) =>
    context.queryClient.ensureQueryData(
      instancesQueryOptions({ limit: INSTANCES_PAGE_SIZE, page: deps.page ?? 1, status: deps.status, search: deps.q }),
    ),
  component: InstancesRoute,
});

function InstancesRoute() {
  const { t } = useTranslation('instances');
  const { t: tCommon } = useTranslation();
  usePageTitle(tCommon('titles.instances'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: InstancesSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{tCommon('titles.instances')}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        <ButtonLink to="/deploy" leftSection={<IconRocket size={16} />}>
          {t('deploy')}
        </ButtonLink>
      </Group>
      <InstancesPage search={search} onSearchChange={onSearchChange} />
    </Stack>
  );
}
