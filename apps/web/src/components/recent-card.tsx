import { Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
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
