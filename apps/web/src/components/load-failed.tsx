import { Alert, Button, Stack, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n/react';

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
