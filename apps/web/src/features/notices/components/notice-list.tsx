import type { NoticeSummary } from '@nimbus/contract';
import { Box, Button, Card, Group, SegmentedControl, Skeleton, Stack, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { DataList, listState } from '../../../components/data-list';
import { useTranslation } from '../../../lib/i18n/react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { noticesQueryOptions } from '../../../lib/notices/notices-query';
import type { NoticesSearch } from '../search';
import { PinnedBadge, UnreadDot } from './notice-badges';
import classes from './notices.module.css';
import { EmptyState } from '../../../components/empty-state';

export const NOTICES_PAGE_SIZE = 10;

/** The list params of a /notices address (the open notice aside). */
export const listParams = (search: NoticesSearch) => ({
  limit: NOTICES_PAGE_SIZE,
  page: search.page ?? 1,
  status: search.status,
});

interface NoticeListProps {
  search: NoticesSearch;
  onSearchChange: (next: NoticesSearch) => void;
}

/** The notices, pinned first then newest, unread ones marked, with the unread filter and paging. */
export function NoticeList({ search, onSearchChange }: NoticeListProps) {
  const { t } = useTranslation('notices');
  const list = useQuery(noticesQueryOptions(listParams(search)));
  const data = list.data;
  return (
    <Card withBorder radius="md" padding={0} component="section" aria-label={t('list.label')} className={classes.list}>
      <Box p="md">
        <SegmentedControl
          aria-label={t('filter.label')}
          value={search.status === 'unread' ? 'unread' : 'all'}
          onChange={(value) =>
            onSearchChange({ ...search, status: value === 'unread' ? 'unread' : undefined, page: undefined })
          }
          data={[
            { value: 'all', label: t('filter.all') },
            { value: 'unread', label: t('filter.unread', { count: data?.Unread ?? 0 }) },
          ]}
        />
      </Box>
      <DataList
        rowKey={(notice) => notice.Id}
        {...listState(
          list,
          {
            summary: (count) => t('list.total', { count }),
            pageSize: NOTICES_PAGE_SIZE,
            page: search.page ?? 1,
            onPage: (p) => onSearchChange({ ...search, page: p === 1 ? undefined : p }),
          },
          { message: t('list.failed'), inset: true },
        )}
        item={(notice) => <NoticeListItem notice={notice} search={search} />}
        listClassName={classes.items}
        loading={
          <Stack gap="xs" p="md">
            <Skeleton height={56} />
            <Skeleton height={56} />
          </Stack>
        }
        empty={
          data?.Total !== 0 ? undefined : search.status ? (
            <Stack align="center" gap="sm" p="xl">
              <Text c="dimmed">{t('list.allRead')}</Text>
              <Button
                variant="default"
                onClick={() => onSearchChange({ ...search, status: undefined, page: undefined })}
              >
                {t('list.showAll')}
              </Button>
            </Stack>
          ) : (
            <EmptyState
              order={2}
              icon={IconSpeakerphone}
              title={t('list.emptyTitle')}
              message={t('list.emptyMessage')}
            />
          )
        }
      />
    </Card>
  );
}

function NoticeListItem({ notice, search }: { notice: NoticeSummary; search: NoticesSearch }) {
  const date = useDateFormat();
  const open = search.id === notice.Id;
  return (
    <Link
      to="/notices"
      search={{ ...search, id: notice.Id }}
      className={classes.item}
      aria-current={open ? 'page' : undefined}
      data-selected={open || undefined}
      data-unread={notice.Read ? undefined : true}
    >
      <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
        <Group gap={8} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
          {notice.Read ? null : <UnreadDot />}
          <Text fw={notice.Read ? 500 : 700} className={classes.title} lineClamp={2}>
            {notice.Title}
          </Text>
        </Group>
        <Stack gap={4} align="flex-end" className={classes.date} mt={3}>
          <Text fz="xs" c="dimmed">
            {date.format(new Date(notice.PublishedAt))}
          </Text>
          {notice.Pinned ? <PinnedBadge /> : null}
        </Stack>
      </Group>
      <Text fz="sm" c="dimmed" lineClamp={2} mt={4}>
        {notice.Summary}
      </Text>
    </Link>
  );
}
