import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ComponentProps, ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { EmptyState } from './empty-state';
import classes from './recent-card.module.css';

interface RecentCardProps<T> {
  title: string;
  /** A link to the whole list, shown once there is something in it. */
  all?: ReactNode;
  /** The read behind the card: undefined while pending. */
  items: readonly T[] | undefined;
  isError: boolean;
  failed: string;
  empty: ReactNode;
  children: (item: T) => ReactNode;
  itemKey: (item: T) => number | string;
}

/** A dashboard section listing the newest few of something, with its loading, error and empty states. */
export function RecentCard<T>({ title, all, items, isError, failed, empty, children, itemKey }: RecentCardProps<T>) {
  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-label={title}>
      <Group justify="space-between" mb="md" wrap="nowrap">
        <Title order={2} fz="h4">
          {title}
        </Title>
        {items && items.length > 0 ? all : null}
      </Group>
      {isError ? (
        <Text c="dimmed" fz="sm">
          {failed}
        </Text>
      ) : items === undefined ? (
        <Stack gap="xs">
          <Skeleton height={44} />
          <Skeleton height={44} />
        </Stack>
      ) : items.length === 0 ? (
        empty
      ) : (
        <ul className={classes.list}>
          {items.map((item) => (
            <li key={itemKey(item)}>{children(item)}</li>
          ))}
        </ul>
      )}
    </Card>
  );
}

/** The namespaces whose `recent.*` texts describe a dashboard list (title, all, failed, empty). */
type RecentNamespace = 'tickets' | 'notices' | 'billing';

interface RecentListCardProps<T> {
  ns: RecentNamespace;
  /** The read behind the card: a page of the list and its total. */
  query: UseQueryResult<{ Items: T[]; Total: number }>;
  /** The way to the whole list, given its "View all (n)" text. */
  allLink: (label: string) => ReactNode;
  emptyIcon: ComponentProps<typeof EmptyState>['icon'];
  emptyAction?: ReactNode;
  children: (item: T) => ReactNode;
  itemKey: (item: T) => number | string;
}

/** A RecentCard over a paged list read, its texts under `recent.*` of the feature's namespace. */
export function RecentListCard<T>({
  ns,
  query,
  allLink,
  emptyIcon,
  emptyAction,
  children,
  itemKey,
}: RecentListCardProps<T>) {
  const { t } = useTranslation(ns);
  return (
    <RecentCard
      title={t('recent.title')}
      all={allLink(t('recent.all', { count: query.data?.Total ?? 0 }))}
      items={query.data?.Items}
      isError={query.isError}
      failed={t('recent.failed')}
      empty={
        <EmptyState
          compact
          icon={emptyIcon}
          title={t('recent.emptyTitle')}
          message={t('recent.emptyMessage')}
          action={emptyAction}
        />
      }
      itemKey={itemKey}
    >
      {children}
    </RecentCard>
  );
}
