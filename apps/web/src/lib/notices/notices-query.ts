import { DASHBOARD_LIMITS, NoticeList, type NoticeReadFilter } from '@nimbus/contract';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../api-client';

// Shared by the notices feature, the dashboard and the shell's unread badge: marking a notice read
// invalidates `lists`, and every count and list on screen follows.

export interface NoticesParams {
  limit: number;
  page?: number;
  status?: NoticeReadFilter;
}

/** Query keys of the notices; everything under `all` refreshes when a notice is read. */
export const noticeKeys = {
  all: ['notices'] as const,
  lists: () => [...noticeKeys.all, 'list'] as const,
  list: (params: NoticesParams) => [...noticeKeys.lists(), params] as const,
  detail: (id: number) => [...noticeKeys.all, 'detail', id] as const,
};

/** GET api/notices: a page of the published notices, pinned first, with the caller's unread count. */
export const noticesQueryOptions = (params: NoticesParams) =>
  queryOptions({
    queryKey: noticeKeys.list(params),
    queryFn: ({ signal }) => api.get('notices', NoticeList, { ...params }, signal),
    placeholderData: keepPreviousData,
  });

/**
 * The dashboard's notices (limit 4, docs/product/README.md#the-shell-and-the-dashboard); the
 * sidebar's unread badge reads the same answer.
 */
export const recentNoticesQueryOptions = () => noticesQueryOptions({ limit: DASHBOARD_LIMITS.notices });
