import { EmailSetBody } from '@nimbus/contract';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '../../../lib/form/use-form';
import { useTranslation } from '../../../lib/i18n/react';
import { EmailCodeFields } from '../../../components/email-code-fields';
import { useSendCode } from '../../../hooks/use-send-code';
import { showFormError } from '../../../lib/form/server-errors';
import { useFormField } from '../../../lib/form/use-form-field';
import { zodValidate } from '../../../lib/form/zod-validate';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-query';
import { useSendEmailCode } from '../api/send-email-code';
import { useSetEmail } from '../api/set-email';
import { SectionCard } from './section-card';

const initialValues = { NewEmail: '', Code: '', Password: '' };
type Values = typeof initialValues;

const overrides = { NewEmail: { required: 'new_email_required', invalid_email: 'new_email_invalid' } } as const;
const codeFields = {
  email_exist: { field: 'NewEmail', message: 'email_exist' },
  wrong_code: { field: 'Code', message: 'wrong_code' },
} as const;
const saveFields = {
  ...codeFields,
  wrong_password: { field: 'Password', message: 'current_password_incorrect' },
} as const;

export function EmailForm() {
  const { t } = useTranslation('me');
  const { t: tErrors } = useTranslation('errors');
  const user = useSessionUser();
  const save = useSetEmail();
  const sendCode = useSendEmailCode();
  // The current password, when the account has one; one without a password needs a fresh sign-in.
  const body = ({ NewEmail, Code, Password }: Values) =>
    user.HasPassword ? { NewEmail, Code, Password } : { NewEmail, Code };
  const validate = zodValidate<Values>(EmailSetBody);
  const form = useForm<Values>({ initialValues, validate: (values) => validate(body(values) as Values) });
  const field = useFormField(form, overrides);
  const sender = useSendCode({
    form,
    field: 'NewEmail',
    send: (NewEmail) => sendCode.mutateAsync({ NewEmail }),
    failedTitle: t('email.codeFailed'),
    codeFields,
  });

  const submit = (values: Values) =>
    save.mutate(body(values), {
      onSuccess: () => {
        form.reset();
        notify.success({ title: t('email.success') });
      },
      onError: (error) => showFormError(error, form, tErrors, t('email.failed'), saveFields),
    });

  return (
    <SectionCard id="email-heading" title={t('email.heading')} description={t('email.description')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md" maw={480}>
          <Stack gap={2}>
            <Text fz="sm" c="dimmed">
              {t('email.current')}
            </Text>
            <Text fw={500} style={{ overflowWrap: 'anywhere' }}>
              {user.Email}
            </Text>
          </Stack>
          <EmailCodeFields
            email={{ ...field('NewEmail'), label: t('email.newEmail') }}
            code={{ ...field('Code'), label: t('email.code') }}
            sender={sender}
          />
          {user.HasPassword ? (
            <PasswordInput
              {...field('Password')}
              label={t('email.password')}
              description={t('email.passwordHint')}
              autoComplete="current-password"
              required
            />
          ) : null}
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('email.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
