import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { useTranslation } from '../lib/i18n/react';
import { AnchorLink } from '../components/router-link';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { RegisterForm } from '../features/auth/components/register-form';
import { recordReferralClick } from '../features/affiliate/api/record-click';
import { keepReferralCode, keptReferralCode } from '../features/affiliate/referral';
import { usePageTitle } from '../lib/page-title';
import { optionalString } from '../lib/search-params';
import { signedInTarget } from '../lib/session/signed-in-target';

export interface RegisterSearch {
  aff?: string;
  redirect?: string;
}

export const Route = createFileRoute('/register')({
  validateSearch: (raw: Record<string, unknown>): RegisterSearch => ({
    aff: optionalString(raw.aff),
    redirect: optionalString(raw.redirect),
  }),
  beforeLoad: async ({ search }) => {
    const target = await signedInTarget(search.redirect);
    if (target) throw redirect({ href: target, replace: true });
  },
  component: RegisterPage,
});

function RegisterPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const { aff, redirect: back } = Route.useSearch();
  usePageTitle(tCommon('titles.register'));
  // A referral link's code is counted as a click and kept, so a sign-up days later is still attributed.
  const [affCode] = useState(() => aff ?? keptReferralCode());
  useEffect(() => {
    if (!aff) return;
    keepReferralCode(aff);
    recordReferralClick(aff).catch(() => undefined);
  }, [aff]);
  const footer = (
    <>
      {t('register.haveAccount')}{' '}
      <AnchorLink to="/login" search={{ redirect: back }} fw={600}>
        {t('register.signIn')}
      </AnchorLink>
    </>
  );
  return (
    <AuthLayout title={t('register.heading')} subtitle={t('register.subtitle')} footer={footer}>
      <RegisterForm affCode={affCode} />
    </AuthLayout>
  );
}
