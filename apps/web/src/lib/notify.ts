import { ERROR_TOAST_MS, PROMO_WARNING_MS, TOAST_MS, WARNING_MS } from '@nimbus/contract';
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
  /** The 2 s warning (e.g. "please select product and cycle first"). */
  briefWarning: (toast: Toast) => show('yellow', PROMO_WARNING_MS, toast),
  /** An information that stays 3 s ("reinstalling"). */
  notice: (toast: Toast) => show('ocean', WARNING_MS, toast),
  /** A failure that must stay 3 s (deploy, reinstall). */
  failure: (toast: Toast) => show('red', WARNING_MS, toast),
};

type Kind = keyof typeof notify;
const CARRIED_KEY = 'carried-toasts';

/**
 * Shows a toast now and again after the page reloads, so a toast that precedes a reload (on
 * 401 and 403) is still there to read where the customer lands.
 */
export function notifyAcrossReload(kind: Kind, toast: Toast): void {
  notify[kind](toast);
  try {
    const carried = JSON.parse(window.sessionStorage.getItem(CARRIED_KEY) ?? '[]') as unknown[];
    window.sessionStorage.setItem(CARRIED_KEY, JSON.stringify([...carried, { kind, toast }]));
  } catch {
    /* storage may be disabled: the toast was shown once */
  }
}

/** Shows the toasts carried across the last reload, once. */
export function showCarriedToasts(): void {
  let carried: { kind: Kind; toast: Toast }[] = [];
  try {
    carried = JSON.parse(window.sessionStorage.getItem(CARRIED_KEY) ?? '[]') as typeof carried;
    window.sessionStorage.removeItem(CARRIED_KEY);
  } catch {
    return;
  }
  for (const { kind, toast } of carried) if (kind in notify) notify[kind](toast);
}
