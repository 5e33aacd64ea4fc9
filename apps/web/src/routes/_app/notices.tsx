import { createFileRoute } from '@tanstack/react-router';
import { useCallback } from 'react';
import { noticeQueryOptions } from '../../features/notices/api/notices-api';
import { listParams } from '../../features/notices/components/notice-list';
import { NoticesPage } from '../../features/notices/components/notices-page';
import { type NoticesSearch, parseNoticesSearch } from '../../features/notices/search';
import { useTranslation } from '../../lib/i18n/react';
import { noticesQueryOptions } from '../../lib/notices/notices-query';
import { usePageTitle } from '../../lib/page-title';
import { prefetched } from '../../lib/prefetch';

export const Route = createFileRoute('/_app/notices')({
  validateSearch: parseNoticesSearch,
  loaderDeps: ({ search }) => search,
  // The list is awaited; an open notice is fetched alongside, and the page tells when it is gone.
  loader: async ({ context, deps }) => {
    if (deps.id !== undefined) void context.queryClient.prefetchQuery(prefetched(noticeQueryOptions(deps.id)));
    await context.queryClient.ensureQueryData(noticesQueryOptions(listParams(deps)));
  },
  component: NoticesRoute,
});

function NoticesRoute() {
  // The title lives in the console's strings: the public pages' chunk stays within its budget.
  const { t } = useTranslation('notices');
  usePageTitle(t('title'));
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const onSearchChange = useCallback(
    (next: NoticesSearch) => void navigate({ search: next, replace: true }),
    [navigate],
  );
  return <NoticesPage title={t('title')} search={search} onSearchChange={onSearchChange} />;
}
