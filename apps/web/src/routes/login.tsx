import { createFileRoute, redirect } from '@tanstack/react-router';
import { useTranslation } from '../lib/i18n/react';
import { tradeOAuthCode } from '../features/auth/api/oauth-session';
import { AuthLayout } from '../features/auth/components/auth-layout';
import { LoginFooter, LoginForm } from '../features/auth/components/login-form';
import { usePageTitle } from '../lib/page-title';
import { dropCachedReads } from '../lib/query-loader';
import { redirectTarget } from '../lib/redirect';
import { parseLoginSearch, sessionFromSearch } from '../lib/search-params';
import { signedInTarget } from '../lib/session/signed-in-target';
import { writeSession } from '../lib/session/session-storage';

export const Route = createFileRoute('/login')({
  validateSearch: parseLoginSearch,
  beforeLoad: async ({ search }) => {
    // The return from a third-party login carries a one-time code, traded here for the session; the
    // address then gives way to the target (replace), so the spent code is not kept in history.
    if (search.oauth_code) {
      const traded = await tradeOAuthCode(search.oauth_code).catch(() => null);
      if (!traded) {
        throw redirect({ to: '/login', search: { oauth_error: 'failed', redirect: search.redirect }, replace: true });
      }
      writeSession(traded);
      dropCachedReads();
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
    }
    // A session given in the address (docs/product/accounts.md#pages).
    const session = sessionFromSearch(search);
    if (session) {
      writeSession(session);
      dropCachedReads();
      throw redirect({ href: redirectTarget(search.redirect), replace: true });
    }
    const target = await signedInTarget(search.redirect);
    if (target) throw redirect({ href: target, replace: true });
  },
  component: LoginPage,
});

function LoginPage() {
  const { t } = useTranslation('auth');
  const { t: tCommon } = useTranslation();
  const { redirect: back, code, oauth_error: oauthError, provider } = Route.useSearch();
  usePageTitle(tCommon('titles.login'));
  return (
    <AuthLayout title={t('login.heading')} subtitle={t('login.subtitle')} footer={<LoginFooter redirect={back} />}>
      <LoginForm redirect={back} signInRequired={code === 403} oauthError={oauthError} provider={provider} />
    </AuthLayout>
  );
}
