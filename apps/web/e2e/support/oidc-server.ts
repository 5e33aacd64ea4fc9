// The end-to-end OpenID provider: `oidc-provider` on 127.0.0.1 with its own login and consent pages
// (any login name is accepted, and is the account's verified email), which the console offers as
// "Example ID" through OIDC_PROVIDERS (playwright.config.ts).
import { startOidcProvider } from '../../../server/test/oidc-provider';
import { E2E, E2E_OIDC } from './ports';

const provider = await startOidcProvider({
  port: E2E.oidcPort,
  redirectUris: [`${E2E.baseUrl}/api/oauth/callback/${E2E_OIDC.id}`],
  clientSecret: E2E_OIDC.clientSecret,
});

const stop = () => void provider.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
