import { Badge, VisuallyHidden } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../lib/i18n/react';
import { recentNoticesQueryOptions } from '../../../lib/notices/notices-query';

// A new notice shows up within a minute on any page, not only after the next navigation.
const REFRESH_MS = 60_000;

/** The sidebar's count of unread notices; nothing when all are read. */
export function UnreadNoticesBadge() {
  const { t } = useTranslation('shell');
  const { data } = useQuery({ ...recentNoticesQueryOptions(), refetchInterval: REFRESH_MS });
  const unread = data?.Unread ?? 0;
  if (unread === 0) return null;
  return (
    <>
      <Badge size="sm" circle={unread < 10} variant="filled" aria-hidden data-testid="unread-notices">
        {unread > 99 ? '99+' : unread}
      </Badge>
      <VisuallyHidden>{t('unreadNotices', { count: unread })}</VisuallyHidden>
    </>
  );
}
