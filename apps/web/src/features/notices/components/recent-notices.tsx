import { Group, Text } from '@mantine/core';
import { IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { RecentListCard } from '../../../components/recent-card';
import { AnchorLink } from '../../../components/router-link';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { recentNoticesQueryOptions } from '../../../lib/notices/notices-query';
import { PinnedBadge, UnreadDot } from './notice-badges';

/**
 * The dashboard's notices (limit 4, docs/product/README.md#the-shell-and-the-dashboard), unread
 * ones marked, each opening on /notices.
 */
export function RecentNotices() {
  const date = useDateFormat();
  const list = useQuery(recentNoticesQueryOptions());
  return (
    <RecentListCard
      ns="notices"
      query={list}
      allLink={(label) => (
        <AnchorLink to="/notices" fz="sm">
          {label}
        </AnchorLink>
      )}
      emptyIcon={IconSpeakerphone}
      itemKey={(notice) => notice.Id}
    >
      {(notice) => (
        <div>
          <Group justify="space-between" gap="sm" wrap="nowrap" align="flex-start">
            <Group gap={8} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
              {notice.Read ? null : <UnreadDot />}
              <AnchorLink
                to="/notices"
                search={{ id: notice.Id }}
                fw={notice.Read ? 500 : 700}
                lineClamp={2}
                style={{ overflowWrap: 'anywhere' }}
              >
                {notice.Title}
              </AnchorLink>
            </Group>
            <Text fz="xs" c="dimmed" style={{ flex: 'none' }} mt={3}>
              {date.format(new Date(notice.PublishedAt))}
            </Text>
          </Group>
          <Group gap={6} wrap="nowrap" mt={2}>
            {notice.Pinned ? <PinnedBadge /> : null}
            {/* A flex item shrinks below its text only with a min-width: else a long summary widens the page. */}
            <Text fz="xs" c="dimmed" truncate="end" style={{ minWidth: 0 }}>
              {notice.Summary}
            </Text>
          </Group>
        </div>
      )}
    </RecentListCard>
  );
}
