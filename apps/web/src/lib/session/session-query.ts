import { QUERY, SessionUser } from '@nimbus/contract';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../api-client';

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
};

export const getSession = (signal?: AbortSignal) => api.get('session', SessionUser, undefined, signal);

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: ({ signal }) => getSession(signal),
    staleTime: QUERY.sessionStaleMs,
  });

/** The signed-in user; only inside the authenticated layout, whose beforeLoad loaded it. */
export function useSessionUser() {
  return useSuspenseQuery(sessionQueryOptions()).data.User;
}

export type SessionUserData = SessionUser['User'];

/** FirstName LastName, or the email when both are empty. */
export function displayName(user: SessionUserData): string {
  const name = `${user.Profile.FirstName} ${user.Profile.LastName}`.trim();
  return name === '' ? user.Email : name;
}
