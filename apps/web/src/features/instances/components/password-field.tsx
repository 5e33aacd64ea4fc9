import { PasswordTools } from '../../../components/password-tools';
import { useTranslation } from '../../../lib/i18n/react';
import { copyPassword, generatePassword } from '../../../lib/instances/action-feedback';
import { SecretInput } from './secret-input';

/** A new password for the instance's login user, with "generate" and "copy" (docs/product/instances.md). */
export function PasswordField(props: {
  label: string;
  value: string;
  onChange: (password: string) => void;
  error?: string;
  required?: boolean;
  /** The buttons stay level with the field while an error shows under it. */
  top?: boolean;
}) {
  const { t } = useTranslation('instance-actions');
  return (
    <PasswordTools
      top={props.top}
      password={props.value}
      generateLabel={t('password.generate')}
      copyLabel={t('password.copy')}
      onGenerate={() => props.onChange(generatePassword())}
      onCopy={() => void copyPassword(props.value)}
    >
      <SecretInput
        label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
        error={props.error}
        required={props.required}
        style={{ flex: 1 }}
      />
    </PasswordTools>
  );
}
