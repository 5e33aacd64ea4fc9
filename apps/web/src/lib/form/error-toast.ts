import type { TFunction } from '../i18n/translate';
import { isApiError } from '../api-error';
import { notify } from '../notify';

/** An error toast with the translated code, unless the HTTP client already told the user. */
export function showErrorToast(error: unknown, t: TFunction<'errors'>, title: string): void {
  if (isApiError(error)) {
    if (!error.handled) notify.error({ title, message: t(`code.${error.code}`) });
    return;
  }
  notify.error({ title, message: t('code.unknown_error') });
}
