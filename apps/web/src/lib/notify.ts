import { ERROR_TOAST_MS, TOAST_MS, WARNING_MS } from '@nimbus/contract';
import { notifications } from '@mantine/notifications';
import { i18n } from './i18n/i18n';

interface Toast {
  title: string;
  message?: string;
}

// Mantine requires a message; a title-only toast shows its text as the message.
function show(color: string, autoClose: number, { title, message }: Toast): void {
  notifications.show({
    color,
    autoClose,
    title: message === undefined ? undefined : title,
    message: message ?? title,
    withBorder: true,
    closeButtonProps: { 'aria-label': i18n.t('common:actions.close') },
  });
}

export const notify = {
  success: (toast: Toast) => show('teal', TOAST_MS, toast),
  info: (toast: Toast) => show('ocean', TOAST_MS, toast),
  error: (toast: Toast) => show('red', ERROR_TOAST_MS, toast),
  warning: (toast: Toast) => show('yellow', WARNING_MS, toast),
};
