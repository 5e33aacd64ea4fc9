import { createFileRoute, redirect } from '@tanstack/react-router';
import { AppLayout } from '../features/shell/components/app-layout';
import { checkSession } from '../lib/session/auth-check';

/** Every route below needs a session, checked at each navigation (SPEC §2 Access). */
export const Route = createFileRoute('/_app')({
  beforeLoad: async ({ context, location }) => {
    if ((await checkSession(context.queryClient)) === 'signed-out') {
      throw redirect({ to: '/login', search: { redirect: location.href, code: 403 } });
    }
  },
  component: AppLayout,
});
