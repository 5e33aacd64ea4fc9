import { Checkbox, type CheckboxProps } from '@mantine/core';
import { useTranslation } from '../../../lib/i18n/react';

/** "I agree to the terms of service and privacy policy", required on sign-in and sign-up. */
export function TermsCheckbox(props: Omit<CheckboxProps, 'label'>) {
  const { t } = useTranslation('auth');
  return <Checkbox {...props} label={t('fields.terms')} />;
}
