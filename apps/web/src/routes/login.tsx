import { createFileRoute, redirect } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n/react';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { LoginFooter, LoginForm } from '../features/auth/components/login-form';
import { usePageTitle } from '../lib/page-title';
import { redirectTarget } from '../lib/redirect';
import { parseLoginSearch, sessionFromSearch } from '../lib/search-params';
import { signedInTarget } from '../lib/session/auth-check';
import { writeSession } from '../lib/session/session-storage';

export const Route = createFileRoute('/login')({
  validateSearch: parseLoginSearch,
  beforeLoad: async ({ context, search }) => {
    // The return from a third-party login carries the session in the URL.
    const session = sessionFromSearch(search);
    if (session) {
      writeSession(session);
      context.queryClient.removeQueries();
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
    }
    const target = await signedInTarget(context.queryClient, search.redirect);
    if (target) throw redirect({ href: target, replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const { redirect: back, code } = Route.useSearch();
  usePageTitle(tCommon('titles.login'));
  return (
    <AuthLayout title={t('login.heading')} subtitle={t('login.subtitle')} footer={<LoginFooter redirect={back} />}>
      <LoginForm redirect={back} signInRequired={code === 403} />
    </AuthLayout>
  );
}
