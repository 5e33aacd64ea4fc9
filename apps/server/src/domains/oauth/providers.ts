import type { OAuthProvider } from '@nimbus/contract';
import type { Config } from '../../infra/config/env.js';

/** The providers customers may sign in with, as configured: GitHub first, then OIDC_PROVIDERS in order. */
export function configuredProviders(config: Config): OAuthProvider[] {
  const github: OAuthProvider[] = config.GITHUB_CLIENT_ID ? [{ Id: 'github', Name: 'GitHub', Kind: 'github' }] : [];
  return [...github, ...config.OIDC_PROVIDERS.map((p) => ({ Id: p.id, Name: p.name, Kind: 'oidc' as const }))];
}

export function providerOf(config: Config, id: string): OAuthProvider | undefined {
  return configuredProviders(config).find((p) => p.Id === id);
}

/** Where a provider sends the browser back; register exactly this address at the provider. */
export function callbackUrl(config: Config, providerId: string): string {
  return `${config.PUBLIC_URL.replace(/\/+$/, '')}/api/oauth/callback/${providerId}`;
}
