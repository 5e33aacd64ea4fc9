import { NewPasswordFields } from '../../../components/new-password-fields';
import { ResetBody } from '@nimbus/contract';
import { Button, Stack } from '@mantine/core';
import { useForm } from '../../../lib/form/use-form';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n/react';
import * as z from 'zod/mini';
import { EmailCodeFields } from '../../../components/email-code-fields';
import { useSendCode } from '../../../hooks/use-send-code';
import { showFormError } from '../../../lib/form/server-errors';
import { useFormField } from '../../../lib/form/use-form-field';
import { matchPasswords, zodValidate } from '../../../lib/form/zod-validate';
import { notify } from '../../../lib/notify';
import { useForgetPassword } from '../api/forget-password';
import { useResetPassword } from '../api/reset-password';
import { useHumanCheck } from '../human-check/use-human-check';

// Loaded when the server asks for a challenge (need_recaptcha); see use-human-check.tsx.
const loadHumanCheck = () => import('../human-check/human-check');

type Values = { Email: string; Code: string; Password: string; ConfirmPassword: string };

const schema = z.extend(ResetBody, { ConfirmPassword: z.string() });

export function ForgetPasswordForm({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const human = useHumanCheck(loadHumanCheck);
  const reset = useResetPassword(human.guard);
  const forget = useForgetPassword(human.guard);
  const form = useForm<Values>({
    initialValues: { Email: '', Code: '', Password: '', ConfirmPassword: '' },
    validate: zodValidate<Values>(schema, (v) => matchPasswords(v.Password, v.ConfirmPassword, 'ConfirmPassword')),
  });
  const field = useFormField(form, { Email: { required: 'email_required' } });
  const sender = useSendCode({
    form,
    field: 'Email',
    send: (Email) => forget.mutateAsync({ Email }),
    failedTitle: t('register.codeFailed'),
    sentMessage: (email) => t('forget.codeSentMessage', { email }),
  });

  // ConfirmPassword goes along: the server checks it too (passwords_mismatch).
  const submit = (values: Values) =>
    reset.mutate(values, {
      onSuccess: () => {
        notify.success({ title: t('forget.success'), message: t('forget.successMessage') });
        void navigate({ to: '/login', search: { redirect }, replace: true });
      },
      onError: (error) =>
        showFormError(error, form, tErrors, t('forget.failed'), {
          wrong_code: { field: 'Code', message: 'wrong_code' },
        }),
    });

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        <EmailCodeFields
          email={{ ...field('Email'), label: t('fields.email') }}
          code={{ ...field('Code'), label: t('fields.code') }}
          sender={sender}
        />
        {/* Sending the code is what asks first, so the check shows beside it. */}
        {human.status}
        <NewPasswordFields
          password={field('Password')}
          confirm={field('ConfirmPassword')}
          labels={{ password: t('fields.newPassword'), confirm: t('fields.confirmPassword') }}
        />
        <Button type="submit" fullWidth size="md" loading={reset.isPending}>
          {t('forget.submit')}
        </Button>
      </Stack>
    </form>
  );
}
