import * as oidc from 'openid-client';
import type { Config } from '../../infra/config/env.js';
import type { OidcProviderConfig } from '../../infra/config/oauth-env.js';
import { githubIdentity } from './github.js';
import { ProviderDown, type ProviderIdentity } from './identity.js';
import { callbackUrl } from './providers.js';

export { ProviderDown, type ProviderIdentity };

/** What the start of a trip to the provider keeps for its return. */
export interface TripSecrets {
  state: string;
  codeVerifier: string;
  nonce: string;
}

/** One provider's side of the authorization code flow with PKCE (S256) and state. */
export interface LoginClient {
  authorizationUrl(t: TripSecrets): Promise<URL>;
  /** Checks the provider's answer at `returnUrl` (the callback address with its query) and trades the code. */
  finish(returnUrl: URL, t: TripSecrets): Promise<ProviderIdentity>;
}

/**
 * Whether a provider could not be reached: no connection, no answer within TIMEOUT, or a 5xx
 * status, anywhere along the error's causes. Anything else (a refused code, a bad state or token)
 * is the trip failing, not the provider.
 */
export function unreachable(error: unknown): boolean {
  for (let e = error, depth = 0; e && depth < 8; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof ProviderDown) return true;
    // Node's fetch: refused, reset, no such host.
    if (e instanceof TypeError && e.message === 'fetch failed') return true;
    if (e instanceof DOMException && e.name === 'TimeoutError') return true;
    if (e instanceof oidc.ClientError && e.code === 'OAUTH_TIMEOUT') return true;
    // A status the library refused keeps the Response (or the error body's status) as its cause.
    if (e instanceof Response && e.status >= 500) return true;
    if (e instanceof oidc.ResponseBodyError && e.status >= 500) return true;
  }
  return false;
}

/** Seconds each request to a provider may take. */
const TIMEOUT = 10;

const isHttp = (url: string) => new URL(url).protocol === 'http:';

/** Settings every provider's Configuration gets: a timeout, and plain http where config allowed it (loopback). */
function tune(config: oidc.Configuration, url: string): oidc.Configuration {
  config.timeout = TIMEOUT;
  if (isHttp(url)) oidc.allowInsecureRequests(config);
  return config;
}

/** The client authentication the provider accepts: client_secret_basic (the default of the spec) or _post. */
function clientAuth(server: oidc.ServerMetadata, secret: string): oidc.ClientAuth {
  const methods = server.token_endpoint_auth_methods_supported;
  return !methods || methods.includes('client_secret_basic')
    ? oidc.ClientSecretBasic(secret)
    : oidc.ClientSecretPost(secret);
}

/** An OpenID Connect provider found by discovery; the discovery is made on first use and kept. */
function oidcClient(config: Config, p: OidcProviderConfig): LoginClient {
  const redirectUri = callbackUrl(config, p.id);
  let discovered: Promise<oidc.Configuration> | undefined;
  const configuration = () => {
    discovered ??= (async () => {
      const found = await oidc.discovery(new URL(p.issuer), p.clientId, p.clientSecret, undefined, {
        timeout: TIMEOUT,
        execute: isHttp(p.issuer) ? [oidc.allowInsecureRequests] : [],
      });
      const server = found.serverMetadata();
      return tune(
        new oidc.Configuration(server, p.clientId, p.clientSecret, clientAuth(server, p.clientSecret)),
        p.issuer,
      );
    })();
    // A provider that was down is asked again next time.
    discovered.catch(() => (discovered = undefined));
    return discovered;
  };
  return {
    async authorizationUrl(t) {
      return oidc.buildAuthorizationUrl(await configuration(), {
        redirect_uri: redirectUri,
        scope: 'openid email',
        state: t.state,
        nonce: t.nonce,
        code_challenge: await oidc.calculatePKCECodeChallenge(t.codeVerifier),
        code_challenge_method: 'S256',
      });
    },
    async finish(returnUrl, t) {
      const c = await configuration();
      const tokens = await oidc.authorizationCodeGrant(c, returnUrl, {
        pkceCodeVerifier: t.codeVerifier,
        expectedState: t.state,
        expectedNonce: t.nonce,
      });
      const claims = tokens.claims();
      if (!claims) throw new Error('no ID token');
      // Providers put the email in the ID token or only behind the userinfo endpoint.
      const info = claims.email === undefined ? await oidc.fetchUserInfo(c, tokens.access_token, claims.sub) : claims;
      const email = typeof info.email === 'string' && info.email_verified === true ? info.email : undefined;
      return { subject: claims.sub, email };
    },
  };
}

/** GitHub (github.com, or GitHub Enterprise Server at GITHUB_URL): OAuth 2, then its REST API. */
function githubClient(config: Config, clientId: string, secret: string): LoginClient {
  const redirectUri = callbackUrl(config, 'github');
  const server: oidc.ServerMetadata = {
    issuer: config.GITHUB_URL,
    authorization_endpoint: new URL('/login/oauth/authorize', config.GITHUB_URL).href,
    token_endpoint: new URL('/login/oauth/access_token', config.GITHUB_URL).href,
  };
  const c = tune(new oidc.Configuration(server, clientId, secret, oidc.ClientSecretPost(secret)), config.GITHUB_URL);
  return {
    async authorizationUrl(t) {
      return oidc.buildAuthorizationUrl(c, {
        redirect_uri: redirectUri,
        scope: 'read:user user:email',
        state: t.state,
        code_challenge: await oidc.calculatePKCECodeChallenge(t.codeVerifier),
        code_challenge_method: 'S256',
        allow_signup: 'true',
      });
    },
    async finish(returnUrl, t) {
      const tokens = await oidc.authorizationCodeGrant(c, returnUrl, {
        pkceCodeVerifier: t.codeVerifier,
        expectedState: t.state,
      });
      return githubIdentity(c, config.GITHUB_API_URL, tokens.access_token);
    },
  };
}

const cache = new WeakMap<Config, Map<string, LoginClient>>();

/** The client of a configured provider, made once per configuration; undefined for an unknown id. */
export function loginClient(config: Config, id: string): LoginClient | undefined {
  let clients = cache.get(config);
  if (!clients) {
    clients = new Map();
    if (config.GITHUB_CLIENT_ID && config.GITHUB_CLIENT_SECRET) {
      clients.set('github', githubClient(config, config.GITHUB_CLIENT_ID, config.GITHUB_CLIENT_SECRET));
    }
    for (const p of config.OIDC_PROVIDERS) clients.set(p.id, oidcClient(config, p));
    cache.set(config, clients);
  }
  return clients.get(id);
}
