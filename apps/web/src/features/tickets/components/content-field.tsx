import { TICKET_LIMITS } from '@nimbus/contract';
import { Textarea, type TextareaProps } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

/**
 * A message's text: plain text, kept with its line breaks. No maxLength: a paste over the limit
 * stays visible with the "too large" message instead of being cut silently.
 */
export function ContentField(props: TextareaProps & { value?: string }) {
  const { t } = useTranslation('tickets');
  const length = props.value?.length ?? 0;
  const over = length > TICKET_LIMITS.contentMax;
  return (
    <Textarea
      autosize
      minRows={5}
      maxRows={16}
      {...props}
      description={
        <span style={over ? { color: 'var(--mantine-color-error)' } : undefined}>
          {t('form.count', { count: length, max: TICKET_LIMITS.contentMax })}
        </span>
      }
    />
  );
}
