import { PASSWORD } from '@nimbus/contract';
import type { TFunction } from '../i18n/translate';
import type { Resources } from '../i18n/resources';

export type FieldMessage = keyof Resources['errors']['field'];
export type CodeMessage = keyof Resources['errors']['code'];

/** A translation key of the errors namespace that a form can show under an input. */
export type ErrorKey = `field.${FieldMessage}` | `code.${CodeMessage}`;

/** Per-field replacements, e.g. NewEmail: { required: 'new_email_required' }. */
export type MessageOverrides = Partial<Record<string, Partial<Record<string, FieldMessage>>>>;

/**
 * Translates a stored form error: a FIELD_ERRORS key from zod or the server, a client message
 * key, or `code.<error code>`. Anything unknown reads as "invalid value".
 */
export function fieldMessage(
  t: TFunction<'errors'>,
  exists: (key: string) => boolean,
  field: string,
  error: unknown,
  overrides?: MessageOverrides,
): string | undefined {
  if (typeof error !== 'string' || error === '') return undefined;
  const replaced = overrides?.[field]?.[error];
  const key = replaced ? `field.${replaced}` : error.startsWith('code.') ? error : `field.${error}`;
  const safe: ErrorKey = exists(`errors:${key}`) ? (key as ErrorKey) : 'field.invalid_value';
  return t(safe, { min: PASSWORD.min, max: PASSWORD.max });
}
