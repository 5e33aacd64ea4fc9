import { FIELD_ERRORS } from '@nimbus/contract';
import type { UseFormReturnType } from './use-form';
import type { TFunction } from '../i18n/translate';
import { isApiError, type ApiErrorCode } from '../api-error';
import { i18n } from '../i18n/i18n';
import { notify } from '../notify';
import { showErrorToast } from './error-toast';
import { fieldMessage, type FieldMessage } from './field-messages';

/** Where a server error code belongs in a form, and optionally the message to show there. */
export type CodeFieldMap = Partial<Record<ApiErrorCode, { field: string; message?: FieldMessage }>>;

/**
 * Shows a failed submission: server `fields` under their inputs, mapped codes under their field,
 * and an error toast unless the HTTP client already told the user. The toast names what is wrong:
 * the first field's message for a validation error, otherwise the translated code.
 */
export function showFormError<V extends Record<string, unknown>>(
  error: unknown,
  form: UseFormReturnType<V>,
  t: TFunction<'errors'>,
  title: string,
  codeFields: CodeFieldMap = {},
): void {
  if (!isApiError(error)) {
    showErrorToast(error, t, title);
    return;
  }
  const values = form.getValues();
  const errors: Record<string, string> = {};
  for (const [field, key] of Object.entries(error.fields)) {
    if (!(field in values)) continue;
    errors[field] = (FIELD_ERRORS as readonly string[]).includes(key) ? key : 'invalid_value';
  }
  const mapped = codeFields[error.code];
  if (mapped && mapped.field in values) {
    errors[mapped.field] = mapped.message ?? `code.${error.code}`;
  }
  const [first] = Object.entries(errors);
  if (first) form.setErrors(errors);
  if (first && error.code === 'parse_data_error' && !error.handled) {
    notify.error({ title, message: fieldMessage(t, (key) => i18n.exists(key), first[0], first[1]) });
    return;
  }
  showErrorToast(error, t, title);
}
