import { GENERATED_PASSWORD_LENGTH } from '@nimbus/contract';
import { isApiError } from '../api-error';
import { i18n } from '../i18n/i18n';
import { notify } from '../notify';

/**
 * The failure toast of an action: its title, and why — the server's translated error code, or
 * that the task failed after it started. Errors the client already reported (401, 403, 429) stay silent.
 */
export function notifyFailure(title: string, error: unknown, opts: { long?: boolean } = {}): void {
  if (isApiError(error) && error.handled) return;
  const message = isApiError(error)
    ? i18n.t(`errors:code.${error.code}`)
    : i18n.t('instance-actions:feedback.taskFailed');
  (opts.long ? notify.failure : notify.error)({ title, message });
}

const PASSWORD_CHARS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!@#%^*_-+=';

/** A generated password of 16 random characters, with a lower, an upper case letter and a digit. */
export function generatePassword(): string {
  for (;;) {
    const values = crypto.getRandomValues(new Uint32Array(GENERATED_PASSWORD_LENGTH));
    const candidate = Array.from(values, (v) => PASSWORD_CHARS[v % PASSWORD_CHARS.length]).join('');
    if (/[a-z]/.test(candidate) && /[A-Z]/.test(candidate) && /\d/.test(candidate)) return candidate;
  }
}

/** Copies the password and says so ("password copied"). */
export async function copyPassword(password: string): Promise<void> {
  await navigator.clipboard.writeText(password);
  notify.success({ title: i18n.t('instance-actions:password.copied') });
}
