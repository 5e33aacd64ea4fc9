import { OAuthLoginBody, OAuthStart } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export const startOAuthLogin = (body: z.input<typeof OAuthLoginBody>) =>
  api.post('oauth/login', OAuthLoginBody.parse(body), OAuthStart);

/** POST api/oauth/login, then off to the provider; the browser comes back to /login. */
export function useOAuthLogin() {
  return useAction(startOAuthLogin, { onSuccess: ({ Url }) => window.location.assign(Url) });
}
