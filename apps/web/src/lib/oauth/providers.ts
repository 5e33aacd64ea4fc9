import { OAuthProviderList, type OAuthProvider } from '@nimbus/contract';
import { api } from '../api-client';
import { askOnce, useServerSetting } from '../server-setting';

const NONE: OAuthProvider[] = [];

/** GET api/oauth/providers: the third-party logins the console offers (none when off). */
export const getOAuthProviders = askOnce(() => api.get('oauth/providers', OAuthProviderList));

/** The providers for the public pages: none until they arrive, or when they cannot be read. */
export const useOAuthProviders = (): OAuthProvider[] => useServerSetting(getOAuthProviders, NONE);
