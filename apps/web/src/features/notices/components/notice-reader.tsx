import { Card, CloseButton, Divider, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconFileOff, IconSpeakerphone } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import { EmptyState } from '../../../components/empty-state';
import { isApiError } from '../../../lib/api-error';
import { showErrorToast } from '../../../lib/form/error-toast';
import { useTranslation } from '../../../lib/i18n/react';
import { useDateFormat } from '../../../lib/i18n/use-date-format';
import { noticeQueryOptions, useMarkNoticeRead } from '../api/notices-api';
import type { NoticesSearch } from '../search';
import { NoticeContent } from './notice-content';
import { PinnedBadge } from './notice-badges';
import { BackLink } from '../../../components/back-link';

const TITLE_ID = 'notice-title';

/** The reading pane: the open notice, marked read once it is shown; or what to do without one. */
export function NoticeReader({ search }: { search: NoticesSearch }) {
  const { t } = useTranslation('notices');
  const closed = { ...search, id: undefined };
  if (search.id === undefined) {
    return (
      <Card withBorder radius="md" padding="lg">
        <EmptyState order={2} icon={IconSpeakerphone} title={t('reader.chooseTitle')} message={t('reader.choose')} />
      </Card>
    );
  }
  return (
    <Stack gap="sm">
      {/* On a narrow screen the notice stands in for the list: this leads back to it. */}
      <BackLink to="/notices" search={closed} hiddenFrom="lg">
        {t('reader.back')}
      </BackLink>
      <OpenNotice id={search.id} closed={closed} />
    </Stack>
  );
}

function OpenNotice({ id, closed }: { id: number; closed: NoticesSearch }) {
  const { t } = useTranslation('notices');
  const { t: tErrors } = useTranslation('errors');
  const date = useDateFormat({ dateStyle: 'long', timeStyle: 'short' });
  const navigate = useNavigate();
  const notice = useQuery(noticeQueryOptions(id));
  const markRead = useMarkNoticeRead();
  const sent = useRef(new Set<number>());
  const data = notice.data;

  // Opening a notice reads it: once per notice, and only when it is shown unread.
  const { mutate } = markRead;
  useEffect(() => {
    if (!data || data.Read || sent.current.has(data.Id)) return;
    sent.current.add(data.Id);
    mutate(data.Id, { onError: (error) => showErrorToast(error, tErrors, t('reader.readFailed')) });
  }, [data, mutate, t, tErrors]);

  if (notice.isError) {
    const gone = isApiError(notice.error) && notice.error.code === 'db_no_record';
    return (
      <Card withBorder radius="md" padding="lg">
        <EmptyState
          order={2}
          icon={IconFileOff}
          title={gone ? t('reader.goneTitle') : t('reader.failedTitle')}
          message={gone ? t('reader.gone') : t('reader.failed')}
        />
      </Card>
    );
  }
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={data ? TITLE_ID : undefined}>
      {!data ? (
        <Stack gap="sm" aria-busy>
          <Skeleton height={28} width="70%" />
          <Skeleton height={14} width="40%" />
          <Skeleton height={120} mt="md" />
        </Stack>
      ) : (
        <>
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
            <div style={{ minWidth: 0 }}>
              <Title order={2} fz="h3" id={TITLE_ID} style={{ overflowWrap: 'anywhere' }}>
                {data.Title}
              </Title>
              <Group gap="xs" mt={6}>
                <Text fz="sm" c="dimmed">
                  <time dateTime={data.PublishedAt}>
                    {t('reader.published', { date: date.format(new Date(data.PublishedAt)) })}
                  </time>
                </Text>
                {data.Pinned ? <PinnedBadge /> : null}
              </Group>
            </div>
            <CloseButton
              onClick={() => void navigate({ to: '/notices', search: closed })}
              aria-label={t('reader.close')}
              visibleFrom="lg"
              size="lg"
            />
          </Group>
          <Divider my="md" />
          <NoticeContent html={data.Content} />
        </>
      )}
    </Card>
  );
}
