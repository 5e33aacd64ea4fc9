import { lazy, Suspense } from 'react';
import { NewPasswordFields } from '../../../components/new-password-fields';
import { RegisterBody } from '@nimbus/contract';
import { Button, Stack, TextInput } from '@mantine/core';
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
import { useRegister } from '../api/register';
import { useHumanCheck } from '../human-check/use-human-check';
import { useSendRegisterCode } from '../api/send-register-code';
import { TermsCheckbox } from './terms-checkbox';

// Loaded when the server asks for a challenge (need_recaptcha); see use-human-check.tsx.
const loadHumanCheck = () => import('../human-check/human-check');

// Third-party logins load after the form is usable: /login's first download has a budget
// (docs/decisions/0005-web-bundle-budget.md).
const ThirdPartyLogin = /* @__PURE__ */ lazy(() => import('./third-party-login'));

type Values = {
  Email: string;
  Code: string;
  Password: string;
  ConfirmPassword: string;
  AffCode: string;
  AgreeTerms: boolean;
};

const schema = z.extend(RegisterBody, { ConfirmPassword: z.string() });
const codeFields = {
  wrong_code: { field: 'Code', message: 'wrong_code' },
  email_exist: { field: 'Email', message: 'email_exist' },
} as const;

export function RegisterForm({ affCode }: { affCode?: string }) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const human = useHumanCheck(loadHumanCheck);
  const registerAccount = useRegister(human.guard);
  const sendCode = useSendRegisterCode(human.guard);
  const form = useForm<Values>({
    initialValues: {
      Email: '',
      Code: '',
      Password: '',
      ConfirmPassword: '',
      AffCode: affCode ?? '',
      AgreeTerms: false,
    },
    validate: zodValidate<Values>(schema, (v) => matchPasswords(v.Password, v.ConfirmPassword, 'ConfirmPassword')),
  });
  const field = useFormField(form, { Email: { required: 'email_required' } });
  const sender = useSendCode({
    form,
    field: 'Email',
    send: (Email) => sendCode.mutateAsync({ Email }),
    failedTitle: t('register.codeFailed'),
  });

  // ConfirmPassword goes along: the server checks it too (passwords_mismatch).
  const submit = ({ AffCode, ...values }: Values) =>
    registerAccount.mutate(
      { ...values, AgreeTerms: true, ...(AffCode.trim() ? { AffCode } : {}) },
      {
        onSuccess: () => {
          notify.success({ title: t('register.success'), message: t('register.successMessage') });
          void navigate({ to: '/dashboard', replace: true });
        },
        onError: (error) => showFormError(error, form, tErrors, t('register.failed'), codeFields),
      },
    );

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
          labels={{ password: t('fields.password'), confirm: t('fields.confirmPassword') }}
        />
        <TextInput {...field('AffCode')} label={t('fields.affCode')} description={t('fields.affCodeHint')} />
        <TermsCheckbox {...field('AgreeTerms', { type: 'checkbox' })} />
        <Button type="submit" fullWidth size="md" loading={registerAccount.isPending}>
          {t('register.submit')}
        </Button>
        <Suspense fallback={null}>
          <ThirdPartyLogin agreed={form.values.AgreeTerms} affCode={form.values.AffCode} />
        </Suspense>
      </Stack>
    </form>
  );
}
