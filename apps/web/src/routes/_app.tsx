import { QueryClientProvider, useQueryErrorResetBoundary } from '@tanstack/react-query';
import { createFileRoute, notFound, redirect, rootRouteId } from '@tanstack/react-router';
import { ErrorResetContext } from '../components/error-page';
import { AppLayout } from '../features/shell/components/app-layout';
import { i18n } from '../lib/i18n/i18n';
import { checkStoredSession } from '../lib/session/signed-in-target';

/**
 * Every route below needs a session, checked at each navigation (docs/product/accounts.md#pages).
 * The query client joins the router context here, so the signed-in pages' loaders read through it.
 */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ location, matches }) => {
    const [{ queryClient, state }] = await Promise.all([checkStoredSession(), i18n.loadConsole()]);
    if (state === 'signed-out') {
      // An unknown path is not a page to sign in for: the standalone not-found page.
      if (matches.some((m) => m.routeId === '/_app/$')) throw notFound({ routeId: rootRouteId });
      throw redirect({ to: '/login', search: { redirect: location.href, code: 403 } });
    }
    return { queryClient };
  },
  component: SignedIn,
});

function SignedIn() {
  const { queryClient } = Route.useRouteContext();
  return (
    <QueryClientProvider client={queryClient}>
      <QueryErrorReset>
        <AppLayout />
      </QueryErrorReset>
    </QueryClientProvider>
  );
}

/** Lets the error page of a signed-in route retry the reads that failed. */
function QueryErrorReset({ children }: { children: React.ReactNode }) {
  const { reset } = useQueryErrorResetBoundary();
  return <ErrorResetContext value={reset}>{children}</ErrorResetContext>;
}
