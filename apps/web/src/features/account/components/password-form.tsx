import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordSetBody } from '@nimbus/contract';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '../../../lib/form/use-form';
import { useTranslation } from '../../../lib/i18n/react';
import { showFormError } from '../../../lib/form/server-errors';
import { useFormField } from '../../../lib/form/use-form-field';
import { matchPasswords, zodValidate } from '../../../lib/form/zod-validate';
import { notify } from '../../../lib/notify';
import { useSetPassword } from '../api/set-password';
import { SectionCard } from './section-card';

const initialValues = { Password: '', NewPassword: '', ConfirmPassword: '' };
type Values = typeof initialValues;

export function PasswordForm() {
  const { t } = useTranslation(['me', 'auth']);
  const { t: tErrors } = useTranslation('errors');
  const save = useSetPassword();
  const form = useForm<Values>({
    initialValues,
    validate: zodValidate<Values>(PasswordSetBody, (v) =>
      matchPasswords(v.NewPassword, v.ConfirmPassword, 'ConfirmPassword'),
    ),
  });
  const field = useFormField(form);

  const submit = ({ Password, NewPassword }: Values) =>
    save.mutate(
      { Password, NewPassword },
      {
        onSuccess: () => {
          form.reset();
          notify.success({ title: t('password.success') });
        },
        onError: (error) =>
          showFormError(error, form, tErrors, t('password.failed'), {
            wrong_password: { field: 'Password', message: 'current_password_incorrect' },
          }),
      },
    );

  return (
    <SectionCard id="password-heading" title={t('password.heading')} description={t('password.description')}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md" maw={420}>
          <PasswordInput
            {...field('Password')}
            label={t('password.current')}
            autoComplete="current-password"
            required
          />
          <NewPasswordFields
            password={field('NewPassword')}
            confirm={field('ConfirmPassword')}
            labels={{ password: t('password.new'), confirm: t('password.confirm') }}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t('password.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
