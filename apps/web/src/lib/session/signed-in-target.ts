import type { QueryClient } from '@tanstack/react-query';
import { loadQueryClient } from '../query-loader';
import { redirectTarget } from '../redirect';
import type { SessionCheck } from './auth-check';
import { readSession } from './session-storage';

/**
 * The session check of a navigation, with the query client it read through. Both load with the
 * first signed-in page, so that none of their code is downloaded before /login is usable.
 */
export async function checkStoredSession(): Promise<{ queryClient: QueryClient; state: SessionCheck }> {
  const [queryClient, { checkSession }] = await Promise.all([loadQueryClient(), import('./auth-check')]);
  return { queryClient, state: await checkSession(queryClient) };
}

/**
 * For /login, /register, /forget-password: a signed-in visitor goes to the redirect or home. A
 * visitor with no stored session is answered at once.
 */
export async function signedInTarget(redirectParam: unknown): Promise<string | null> {
  if (!readSession()) return null;
  try {
    return (await checkStoredSession()).state === 'signed-in' ? redirectTarget(redirectParam) : null;
  } catch {
    // The server could not confirm the session: let the visitor use the public page.
    return null;
  }
}
