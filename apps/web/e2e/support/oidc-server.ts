// The end-to-end OpenID provider: `oidc-provider` on 127.0.0.1 with its own login and consent pages
// (any login name is accepted, and is the account's verified email), which the console offers as
// "Example ID" through OIDC_PROVIDERS (playwright.config.ts). Beside it, "Halfway ID": a provider
// whose discovery answers and whose authorization sends the browser straight back, but whose token
// endpoint nothing listens on, as a provider that went down during the trip.
import { createServer } from 'node:http';
import { startOidcProvider } from '../../../server/test/oidc-provider';
import { E2E, E2E_OIDC, E2E_OIDC_HALFWAY, E2E_OIDC_OFFLINE } from './ports';

const halfwayCallback = `${E2E.baseUrl}/api/oauth/callback/${E2E_OIDC_HALFWAY.id}`;
const halfway = createServer((req, res) => {
  const url = new URL(req.url ?? '/', E2E_OIDC_HALFWAY.issuer);
  if (url.pathname === '/.well-known/openid-configuration') {
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        issuer: E2E_OIDC_HALFWAY.issuer,
        authorization_endpoint: `${E2E_OIDC_HALFWAY.issuer}/auth`,
        token_endpoint: `${E2E_OIDC_OFFLINE.issuer}/token`,
        jwks_uri: `${E2E_OIDC_OFFLINE.issuer}/jwks`,
        response_types_supported: ['code'],
        subject_types_supported: ['public'],
        id_token_signing_alg_values_supported: ['RS256'],
      }),
    );
    return;
  }
  // Approves at once, back to the console only.
  if (url.pathname === '/auth' && url.searchParams.get('redirect_uri') === halfwayCallback) {
    const back = new URL(halfwayCallback);
    back.searchParams.set('code', 'halfway-code');
    back.searchParams.set('state', url.searchParams.get('state') ?? '');
    res.writeHead(302, { location: back.href });
    res.end();
    return;
  }
  res.writeHead(404);
  res.end();
});
await new Promise<void>((resolve) => halfway.listen(E2E.halfwayOidcPort, '127.0.0.1', resolve));

const provider = await startOidcProvider({
  port: E2E.oidcPort,
  redirectUris: [`${E2E.baseUrl}/api/oauth/callback/${E2E_OIDC.id}`],
  clientSecret: E2E_OIDC.clientSecret,
});

const stop = () =>
  void Promise.all([provider.close(), new Promise((resolve) => halfway.close(resolve))]).then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
