import { OAuthProviderList, type OAuthProvider } from '@nimbus/contract';
import { useEffect, useState } from 'react';
import { api } from '../api-client';

// The providers come from the server's configuration, fixed while it runs: asked once per page load.
let asked: Promise<OAuthProvider[]> | undefined;

/** GET api/oauth/providers: the third-party logins the console offers (none when off). */
export function getOAuthProviders(): Promise<OAuthProvider[]> {
  asked ??= api.get('oauth/providers', OAuthProviderList).catch((error: unknown) => {
    asked = undefined;
    throw error;
  });
  return asked;
}

/**
 * The providers for the public pages, which load without TanStack Query: empty until they arrive,
 * and empty when they cannot be read (the buttons are an extra, the password form still works).
 */
export function useOAuthProviders(): OAuthProvider[] {
  const [providers, setProviders] = useState<OAuthProvider[]>([]);
  useEffect(() => {
    let live = true;
    getOAuthProviders().then(
      (list) => live && setProviders(list),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);
  return providers;
}
