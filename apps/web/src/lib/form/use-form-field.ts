import type { UseFormReturnType } from './use-form';
import { useTranslation } from '../i18n/react';
import { fieldMessage, type MessageOverrides } from './field-messages';

/**
 * `form.getInputProps` with the error translated at render time, so messages follow a language
 * switch. Use `{ type: 'checkbox' }` for checkboxes.
 */
export function useFormField<V extends Record<string, unknown>>(
  form: UseFormReturnType<V>,
  overrides?: MessageOverrides,
) {
  const { t, i18n } = useTranslation('errors');
  const exists = (key: string) => i18n.exists(key);
  return (name: keyof V & string, options?: { type?: 'input' | 'checkbox' }) => {
    const props = form.getInputProps(name, options);
    return {
      ...props,
      error: fieldMessage(t, exists, name, props.error, overrides),
    };
  };
}
