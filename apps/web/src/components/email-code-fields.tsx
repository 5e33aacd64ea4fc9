import { Box, Group, TextInput, type TextInputProps } from '@mantine/core';
import { useTranslation } from '../lib/i18n/react';
import { SendCodeButton } from './send-code-button';
import classes from './email-code-fields.module.css';

interface EmailCodeFieldsProps {
  email: TextInputProps & { label: string };
  code: TextInputProps & { label: string };
  sender: { remaining: number; pending: boolean; trigger: () => void };
}

/** The email input with its "Send code" button, then the 6-digit code input. */
export function EmailCodeFields({ email, code, sender }: EmailCodeFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Group align="flex-start" gap="sm" wrap="nowrap">
        <TextInput {...email} type="email" autoComplete="email" required flex={1} />
        <Box className={classes.action}>
          <SendCodeButton remaining={sender.remaining} loading={sender.pending} onClick={sender.trigger} />
        </Box>
      </Group>
      <TextInput
        {...code}
        placeholder={t('codePlaceholder')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
      />
    </>
  );
}
