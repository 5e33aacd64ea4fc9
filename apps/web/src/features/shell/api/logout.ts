import { LOGOUT_REDIRECT_MS } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api } from '../../../lib/api-client';
import { clearSession } from '../../../lib/session/session-storage';
import { useAction } from '../../../lib/use-action';

export const logout = () => api.send('logout');

/**
 * POST api/logout, then the session is cleared and /login follows after LOGOUT_REDIRECT_MS.
 * `isSuccess` stays true from then on (the menu item stays disabled until /login).
 */
export function useLogout(onSignedOut: () => void) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [isSuccess, setSuccess] = useState(false);
  const action = useAction(logout, {
    onSuccess: async () => {
      clearSession();
      await queryClient.cancelQueries();
      onSignedOut();
      setSuccess(true);
      window.setTimeout(() => {
        queryClient.clear();
        void navigate({ to: '/login', replace: true });
      }, LOGOUT_REDIRECT_MS);
    },
  });
  return { ...action, isSuccess };
}
