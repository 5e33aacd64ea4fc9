import { NewPasswordFields } from '../../../components/new-password-fields';
import { PasswordAddBody, PasswordSetBody } from '@nimbus/contract';
import { Button, Group, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '../../../lib/form/use-form';
import { useTranslation } from '../../../lib/i18n/react';
import { showFormError } from '../../../lib/form/server-errors';
import { useFormField } from '../../../lib/form/use-form-field';
import { matchPasswords, zodValidate } from '../../../lib/form/zod-validate';
import { notify } from '../../../lib/notify';
import { useSessionUser } from '../../../lib/session/session-query';
import { useAddPassword } from '../api/add-password';
import { useSetPassword } from '../api/set-password';
import { SectionCard } from './section-card';

const initialValues = { Password: '', NewPassword: '', ConfirmPassword: '' };
type Values = typeof initialValues;

/**
 * Changes the password, confirming the current one; or, for an account made through a third-party
 * login (no password yet), sets a first one.
 */
export function PasswordForm() {
  const { t } = useTranslation(['me', 'auth']);
  const { t: tErrors } = useTranslation('errors');
  const first = !useSessionUser().HasPassword;
  const change = useSetPassword();
  const add = useAddPassword();
  const save = first ? add : change;
  const text = first
    ? ({
        heading: 'password.addHeading',
        description: 'password.addDescription',
        submit: 'password.addSubmit',
      } as const)
    : ({ heading: 'password.heading', description: 'password.description', submit: 'password.submit' } as const);
  const form = useForm<Values>({
    initialValues,
    validate: zodValidate<Values>(first ? PasswordAddBody : PasswordSetBody, (v) =>
      matchPasswords(v.NewPassword, v.ConfirmPassword, 'ConfirmPassword'),
    ),
  });
  const field = useFormField(form);

  const onError = (error: unknown) =>
    showFormError(error, form, tErrors, t(first ? 'password.addFailed' : 'password.failed'), {
      wrong_password: { field: 'Password', message: 'current_password_incorrect' },
    });
  const done = (title: string) => () => {
    form.reset();
    notify.success({ title });
  };
  // ConfirmPassword goes along: the server checks it too (passwords_mismatch).
  const submit = ({ Password, NewPassword, ConfirmPassword }: Values) =>
    first
      ? add.mutate({ NewPassword, ConfirmPassword }, { onSuccess: done(t('password.addSuccess')), onError })
      : change.mutate({ Password, NewPassword, ConfirmPassword }, { onSuccess: done(t('password.success')), onError });

  return (
    <SectionCard id="password-heading" title={t(text.heading)} description={t(text.description)}>
      <form onSubmit={form.onSubmit(submit)} noValidate>
        <Stack gap="md" maw={420}>
          {first ? null : (
            <PasswordInput
              {...field('Password')}
              label={t('password.current')}
              autoComplete="current-password"
              required
            />
          )}
          <NewPasswordFields
            password={field('NewPassword')}
            confirm={field('ConfirmPassword')}
            labels={{ password: t('password.new'), confirm: t('password.confirm') }}
          />
          <Group>
            <Button type="submit" loading={save.isPending}>
              {t(text.submit)}
            </Button>
          </Group>
        </Stack>
      </form>
    </SectionCard>
  );
}
