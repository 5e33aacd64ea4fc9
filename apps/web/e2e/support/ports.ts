import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../../../..');
// E2E_PORT_BASE lets two checkouts run their suites side by side on one machine.
const base = Number(process.env.E2E_PORT_BASE ?? 18180);

/** Fixed local ports and paths of the end-to-end environment (all on 127.0.0.1). */
export const E2E = {
  serverPort: base,
  smtpPort: base - 55,
  mailApiPort: base - 54,
  computePort: base - 53,
  oidcPort: base - 52,
  halfwayOidcPort: base - 51,
  baseUrl: `http://127.0.0.1:${base}`,
  dataDir: path.join(root, '.tmp/e2e-data'),
  computeConfig: path.join(root, '.tmp/e2e-compute.json'),
};

/** The OpenID provider the console offers in the end-to-end suite (support/oidc-server.ts). */
export const E2E_OIDC = {
  id: 'e2e-id',
  name: 'Example ID',
  issuer: `http://127.0.0.1:${E2E.oidcPort}`,
  clientId: 'nimbus-console',
  clientSecret: 'e2e-only-oidc-client-secret',
};

/**
 * Providers that cannot be reached, offered beside Example ID: one on a port nothing
 * listens on (port 1), so the sign-in cannot start; one that sends the browser straight back, its
 * token endpoint on that closed port, so the return cannot trade its code (support/oidc-server.ts).
 */
export const E2E_OIDC_OFFLINE = {
  id: 'e2e-offline',
  name: 'Offline ID',
  issuer: 'http://127.0.0.1:1',
  clientId: 'nimbus-console',
  clientSecret: 'e2e-only-offline-secret',
};
export const E2E_OIDC_HALFWAY = {
  id: 'e2e-halfway',
  name: 'Halfway ID',
  issuer: `http://127.0.0.1:${E2E.halfwayOidcPort}`,
  clientId: 'nimbus-console',
  clientSecret: 'e2e-only-halfway-secret',
};

/** The operator's terms and privacy pages (TERMS_URL, PRIVACY_URL) in the end-to-end suite. */
export const E2E_LEGAL = {
  terms: 'https://nimbus.example/legal/terms',
  privacy: 'https://nimbus.example/legal/privacy',
};
