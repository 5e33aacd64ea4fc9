import { IdentityBody, IdentityList, OAuthStart } from '@nimbus/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { getOAuthProviders } from '../../../lib/oauth/providers';
import { useAction } from '../../../lib/use-action';

/** Query keys of third-party logins; binding or unbinding refreshes everything under `all`. */
export const identityKeys = {
  all: ['identities'] as const,
  list: () => [...identityKeys.all, 'list'] as const,
  providers: () => ['oauth-providers'] as const,
};

/** GET api/oauth/providers: fixed while the server runs. */
export const oauthProvidersQueryOptions = () =>
  queryOptions({ queryKey: identityKeys.providers(), queryFn: () => getOAuthProviders(), staleTime: Infinity });

export const identitiesQueryOptions = () =>
  queryOptions({
    queryKey: identityKeys.list(),
    queryFn: ({ signal }) => api.get('user/identities', IdentityList, undefined, signal),
  });

/** GET api/user/identities: the providers bound to the account. */
export function useIdentities() {
  return useQuery(identitiesQueryOptions());
}

/** POST api/user/identity/bind, then off to the provider; the browser comes back to /me. */
export function useBindIdentity() {
  return useAction((Provider: string) => api.post('user/identity/bind', IdentityBody.parse({ Provider }), OAuthStart), {
    onSuccess: ({ Url }) => window.location.assign(Url),
  });
}

/** POST api/user/identity/unbind; the list is read again also on failure (it may have changed). */
export function useUnbindIdentity() {
  const queryClient = useQueryClient();
  return useAction(async (Provider: string) => {
    try {
      return await api.send('user/identity/unbind', IdentityBody.parse({ Provider }));
    } finally {
      await queryClient.invalidateQueries({ queryKey: identityKeys.all });
    }
  });
}
