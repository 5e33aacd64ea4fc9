import { lazy, Suspense } from 'react';
import { LoginBody } from '@nimbus/contract';
import { Alert, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useForm } from '../../../lib/form/use-form';
import { IconInfoCircle } from '@tabler/icons-react';
import { useNavigate } from '@tanstack/react-router';
import { useTranslation } from '../../../lib/i18n/react';
import { AnchorLink } from '../../../components/router-link';
import { showFormError } from '../../../lib/form/server-errors';
import { useFormField } from '../../../lib/form/use-form-field';
import { zodValidate } from '../../../lib/form/zod-validate';
import { notify } from '../../../lib/notify';
import { redirectTarget } from '../../../lib/redirect';
import { useLogin } from '../api/login';
import { useHumanCheck } from '../human-check/use-human-check';
import { TermsCheckbox } from './terms-checkbox';

// Loaded when the server asks for a challenge (need_recaptcha); see use-human-check.tsx.
const loadHumanCheck = () => import('../human-check/human-check');

// Third-party logins load after the form is usable: /login's first download has a budget
// (docs/decisions/0005-web-bundle-budget.md).
const ThirdPartyLogin = /* @__PURE__ */ lazy(() => import('./third-party-login'));

interface LoginFormProps {
  redirect?: string;
  /** 403: the visitor was sent here from a page that needs a session. */
  signInRequired: boolean;
  /** The return from a third-party login that failed: why, and with which provider. */
  oauthError?: string;
  provider?: string;
}

const initialValues = { Email: '', Password: '', AgreeTerms: false };
type Values = typeof initialValues;

export function LoginForm({ redirect, signInRequired, oauthError, provider }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const { t: tErrors } = useTranslation('errors');
  const navigate = useNavigate();
  const human = useHumanCheck(loadHumanCheck);
  const login = useLogin(human.guard);
  const form = useForm<Values>({ initialValues, validate: zodValidate<Values>(LoginBody) });
  const field = useFormField(form, { Email: { required: 'email_required' } });

  const submit = (values: Values) =>
    login.mutate(
      { ...values, AgreeTerms: true },
      {
        onSuccess: () => {
          notify.success({ title: t('login.success'), message: t('login.successMessage') });
          void navigate({ href: redirectTarget(redirect), replace: true });
        },
        onError: (error) =>
          showFormError(error, form, tErrors, t('login.failed'), {
            wrong_password: { field: 'Password', message: 'wrong_password' },
          }),
      },
    );

  return (
    <form onSubmit={form.onSubmit(submit)} noValidate>
      <Stack gap="md">
        {signInRequired ? (
          <Alert variant="light" color="ocean" icon={<IconInfoCircle aria-hidden />} title={t('login.required')}>
            {t('login.requiredMessage')}
          </Alert>
        ) : null}
        <TextInput {...field('Email')} label={t('fields.email')} type="email" autoComplete="email" required />
        <Stack gap={6}>
          <PasswordInput {...field('Password')} label={t('fields.password')} autoComplete="current-password" required />
          <Group justify="flex-end">
            <AnchorLink to="/forget-password" search={{ redirect }} fz="sm">
              {t('login.forgot')}
            </AnchorLink>
          </Group>
        </Stack>
        <TermsCheckbox {...field('AgreeTerms', { type: 'checkbox' })} />
        {human.status}
        <Button type="submit" fullWidth size="md" loading={login.isPending}>
          {t('login.submit')}
        </Button>
        <Suspense fallback={null}>
          <ThirdPartyLogin
            agreed={form.values.AgreeTerms}
            redirect={redirect}
            failure={oauthError}
            provider={provider}
          />
        </Suspense>
      </Stack>
    </form>
  );
}

export function LoginFooter({ redirect }: { redirect?: string }) {
  const { t } = useTranslation('auth');
  return (
    <>
      {t('login.noAccount')}{' '}
      <AnchorLink to="/register" search={{ redirect }} fw={600}>
        {t('login.register')}
      </AnchorLink>
    </>
  );
}
