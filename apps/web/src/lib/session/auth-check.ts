import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '../api-error';
import { sessionQueryOptions } from './session-query';
import { clearSession, readSession } from './session-storage';

export type SessionCheck = 'signed-in' | 'signed-out';

/**
 * Checks the session at a navigation: a stored, unexpired session that the server still accepts.
 * A 401/403 means signed out; other failures (network, 5xx) are thrown for the error page.
 */
export async function checkSession(queryClient: QueryClient): Promise<SessionCheck> {
  if (!readSession()) return 'signed-out';
  try {
    await queryClient.ensureQueryData({ ...sessionQueryOptions(), revalidateIfStale: true });
    return 'signed-in';
  } catch (error) {
    if (isApiError(error) && (error.status === 401 || error.status === 403)) {
      clearSession();
      queryClient.removeQueries({ queryKey: sessionQueryOptions().queryKey });
      return 'signed-out';
    }
    throw error;
  }
}
