import { PASSWORD } from '@nimbus/contract';
import { PasswordInput } from '@mantine/core';
import type { ComponentProps } from 'react';
import { useTranslation } from '../lib/i18n/react';

type InputProps = Omit<ComponentProps<typeof PasswordInput>, 'label' | 'description'>;

/** A new password with its length hint and its confirmation, as every form that sets one shows them. */
export function NewPasswordFields({
  password,
  confirm,
  labels,
}: {
  password: InputProps;
  confirm: InputProps;
  labels: { password: string; confirm: string };
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <PasswordInput
        {...password}
        label={labels.password}
        description={t('fields.passwordHint', { min: PASSWORD.min, max: PASSWORD.max })}
        autoComplete="new-password"
        required
      />
      <PasswordInput {...confirm} label={labels.confirm} autoComplete="new-password" required />
    </>
  );
}
