import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconChecks } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { noticesQueryOptions } from '../../../lib/notices/notices-query';
import { notify } from '../../../lib/notify';
import { useMarkAllNoticesRead } from '../api/notices-api';
import type { NoticesSearch } from '../search';
import { listParams, NoticeList } from './notice-list';
import { NoticeReader } from './notice-reader';
import classes from './notices.module.css';

interface NoticesPageProps {
  title: string;
  search: NoticesSearch;
  onSearchChange: (next: NoticesSearch) => void;
}

/** /notices: the provider's notices and, beside them (or instead, on a phone), the open one. */
export function NoticesPage({ title, search, onSearchChange }: NoticesPageProps) {
  const { t } = useTranslation('notices');
  const { data } = useQuery(noticesQueryOptions(listParams(search)));
  // With no notice at all, the list's empty state says it all: no pane to pick from.
  const nothing = data?.Total === 0 && search.status === undefined && search.id === undefined;
  return (
    <Stack gap="lg" maw={1200}>
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <div>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{t('subtitle')}</Text>
        </div>
        {data && data.Unread > 0 ? <MarkAllRead /> : null}
      </Group>
      <div
        className={classes.layout}
        data-open={search.id === undefined ? undefined : true}
        data-single={nothing || undefined}
      >
        <NoticeList search={search} onSearchChange={onSearchChange} />
        {nothing ? null : (
          <div className={classes.reader}>
            <NoticeReader search={search} />
          </div>
        )}
      </div>
    </Stack>
  );
}

/** Marks every notice read. */
function MarkAllRead() {
  const { t } = useTranslation('notices');
  const { t: tErrors } = useTranslation('errors');
  const markAll = useMarkAllNoticesRead();
  return (
    <Button
      variant="default"
      leftSection={<IconChecks size={16} aria-hidden />}
      loading={markAll.isPending}
      onClick={() =>
        markAll.mutate(undefined, {
          onSuccess: () => notify.success({ title: t('markAll.done') }),
          onError: (error) => showErrorToast(error, tErrors, t('markAll.failed')),
        })
      }
    >
      {t('markAll.action')}
    </Button>
  );
}
