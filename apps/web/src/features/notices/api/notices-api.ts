import { Notice, NoticeReadResult, type NoticeList } from '@nimbus/contract';
import { queryOptions, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { noticeKeys } from '../../../lib/notices/notices-query';
import { useAction } from '../../../lib/use-action';

/** GET api/notice: one published notice with its sanitised HTML; a withdrawn one is "not found". */
export const noticeQueryOptions = (id: number) =>
  queryOptions({
    queryKey: noticeKeys.detail(id),
    queryFn: ({ signal }) => api.get('notice', Notice, { id }, signal),
  });

/**
 * Shows the new unread count at once in every list on screen (the sidebar's badge among them),
 * then reads the lists again for their read marks.
 */
function afterRead(queryClient: QueryClient, unread: number, id?: number) {
  queryClient.setQueriesData<NoticeList>({ queryKey: noticeKeys.lists() }, (list) =>
    list
      ? {
          ...list,
          Unread: unread,
          Items: list.Items.map((n) => (id === undefined || n.Id === id ? { ...n, Read: true } : n)),
        }
      : list,
  );
  if (id !== undefined) {
    queryClient.setQueryData<Notice>(noticeKeys.detail(id), (notice) => notice && { ...notice, Read: true });
  }
  void queryClient.invalidateQueries({ queryKey: noticeKeys.lists() });
}

/** POST api/notice/read: the page sends it when the customer opens a notice. */
export function useMarkNoticeRead() {
  const queryClient = useQueryClient();
  return useAction((id: number) => api.post('notice/read', { Id: id }, NoticeReadResult), {
    onSuccess: (result, id) => afterRead(queryClient, result.Unread, id),
  });
}

/** POST api/notice/readAll. */
export function useMarkAllNoticesRead() {
  const queryClient = useQueryClient();
  return useAction(() => api.post('notice/readAll', {}, NoticeReadResult), {
    onSuccess: (result) => afterRead(queryClient, result.Unread),
  });
}
