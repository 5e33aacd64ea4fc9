import { createFileRoute, redirect } from '@tanstack/react-router';
import { IconArrowLeft } from '@tabler/icons-react';
import { useTranslation } from '../lib/i18n/react';
import { AnchorLink } from '../components/router-link';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { ForgetPasswordForm } from '../features/auth/components/forget-password-form';
import { usePageTitle } from '../lib/page-title';
import { optionalString } from '../lib/search-params';
import { signedInTarget } from '../lib/session/signed-in-target';

export const Route = createFileRoute('/forget-password')({
  validateSearch: (raw: Record<string, unknown>): { redirect?: string } => ({ redirect: optionalString(raw.redirect) }),
  beforeLoad: async ({ search }) => {
    const target = await signedInTarget(search.redirect);
    if (target) throw redirect({ href: target, replace: true });
  },
  component: ForgetPasswordPage,
});

function ForgetPasswordPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const { redirect: back } = Route.useSearch();
  usePageTitle(tCommon('titles.forgetPassword'));
  const footer = (
    <AnchorLink to="/login" search={{ redirect: back }} fw={600} inline>
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle' }} /> {t('forget.back')}
    </AnchorLink>
  );
  return (
    <AuthLayout title={t('forget.heading')} subtitle={t('forget.subtitle')} footer={footer}>
      <ForgetPasswordForm redirect={back} />
    </AuthLayout>
  );
}
