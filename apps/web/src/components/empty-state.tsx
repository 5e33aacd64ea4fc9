import { Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface EmptyStateProps {
  /** A Tabler icon, drawn at the size given here. */
  icon: (props: { size: number; stroke: number; 'aria-hidden': boolean }) => ReactNode;
  title: string;
  message: string;
  /** What to do next: a button or link that leads somewhere useful. */
  action?: ReactNode;
  /** Smaller, without a heading: inside a dashboard card. */
  compact?: boolean;
  /** The heading's level, where the page has no h2 before it. */
  order?: 2 | 3;
}

/** An empty list that says why it is empty and what to do about it. */
export function EmptyState({ icon: Icon, title, message, action, compact = false, order = 3 }: EmptyStateProps) {
  return (
    <Stack align="center" gap="xs" ta="center" p={compact ? undefined : 'xl'} py="md">
      <Icon size={compact ? 32 : 40} stroke={1.5} aria-hidden />
      {compact ? (
        <Text fw={600}>{title}</Text>
      ) : (
        <Title order={order} fz="h4">
          {title}
        </Title>
      )}
      <Text c="dimmed" fz="sm" maw={compact ? 360 : 420}>
        {message}
      </Text>
      {action ? <div style={{ marginTop: 'var(--mantine-spacing-xs)' }}>{action}</div> : null}
    </Stack>
  );
}
