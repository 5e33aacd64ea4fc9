import { LOGOUT_REDIRECT_MS } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session/session-storage';

export const logout = () => api.send('logout');

/** POST api/logout, then the session is cleared and /login follows after LOGOUT_REDIRECT_MS. */
export function useLogout(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      clearSession();
      await queryClient.cancelQueries();
      onSignedOut();
      window.setTimeout(() => {
        queryClient.clear();
        void navigate({ to: '/login', replace: true });
      }, LOGOUT_REDIRECT_MS);
    },
  });
}
