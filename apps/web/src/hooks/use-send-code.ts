import { CODE } from '@nimbus/contract';
import type { UseFormReturnType } from '../lib/form/use-form';
import { useState } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { type CodeFieldMap, showFormError } from '../lib/form/server-errors';
import { notify } from '../lib/notify';
import { useCountdown } from './use-countdown';

interface SendCodeOptions<V extends Record<string, unknown>> {
  form: UseFormReturnType<V>;
  /** The email field the code goes to. */
  field: keyof V & string;
  send: (email: string) => Promise<unknown>;
  failedTitle: string;
  sentMessage?: (email: string) => string;
  codeFields?: CodeFieldMap;
}

/** Validates the email field, sends the code, confirms with a toast and starts the resend countdown. */
export function useSendCode<V extends Record<string, unknown>>(options: SendCodeOptions<V>) {
  const { t } = useTranslation();
  const { t: tErrors } = useTranslation('errors');
  const { remaining, start } = useCountdown();
  const [pending, setPending] = useState(false);

  const trigger = async () => {
    const { form, field } = options;
    if (form.validateField(field).hasError) return;
    const email = String(form.getValues()[field]).trim();
    setPending(true);
    try {
      await options.send(email);
      notify.success({
        title: t('codeSent.title'),
        message: options.sentMessage?.(email) ?? t('codeSent.message', { email }),
      });
      start(CODE.resendSeconds);
    } catch (error) {
      showFormError(error, form, tErrors, options.failedTitle, options.codeFields);
    } finally {
      setPending(false);
    }
  };

  return { remaining, pending, trigger: () => void trigger() };
}
