import { Alert, Button, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from '../lib/i18n/react';

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

// Beside EmptyState, which the same lists use: a module of its own would be a chunk small enough
// for the build to merge into one the sign-in page loads (scripts/check-bundle.mjs).
/**
 * A read that failed after its retries: what could not be loaded, in a sentence of the caller's,
 * and a button that tries again (never an empty table that looks like "nothing here").
 */
export function LoadFailed({
  message,
  onRetry,
  retrying,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} role="alert">
      <Stack gap="sm" align="flex-start">
        <Text fz="sm">{message}</Text>
        <Button variant="default" size="xs" onClick={onRetry} loading={retrying}>
          {t('actions.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
