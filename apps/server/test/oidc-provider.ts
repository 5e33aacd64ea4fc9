import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import Provider, { type Account, type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID Connect provider (the `oidc-provider` package) on 127.0.0.1, with its own
 * development login and consent pages. Any login name is accepted with any password: the name is
 * the account's subject and email. A name starting with "unverified." has an unverified email;
 * one starting with "noemail." has none.
 */
export interface OidcStandIn {
  issuer: string;
  clientId: string;
  clientSecret: string;
  /** An entry of OIDC_PROVIDERS for this provider. */
  entry(id: string, name: string): { id: string; name: string; issuer: string; clientId: string; clientSecret: string };
  close(): Promise<void>;
}

function account(id: string): Account {
  const email = id.startsWith('noemail.') ? undefined : id.replace(/^unverified\./, '');
  return {
    accountId: id,
    claims: () => ({
      sub: id,
      ...(email ? { email, email_verified: !id.startsWith('unverified.') } : {}),
    }),
  };
}

export async function startOidcProvider(opts: {
  port?: number;
  redirectUris: string[];
  clientSecret?: string;
}): Promise<OidcStandIn> {
  const port = opts.port ?? 0;
  const clientId = 'nimbus-console';
  const clientSecret = opts.clientSecret ?? randomBytes(24).toString('base64url');
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = { ...privateKey.export({ format: 'jwk' }), kid: 'test', use: 'sig', alg: 'RS256' };
  const make = (issuer: string) =>
    new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: opts.redirectUris,
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [jwk] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'] },
      findAccount: (_ctx: KoaContextWithOIDC, id: string) => account(id),
      pkce: { methods: ['S256'], required: () => true },
      features: { devInteractions: { enabled: true } },
      ttl: { Interaction: 600, Session: 3600, Grant: 3600, AuthorizationCode: 60, AccessToken: 600, IdToken: 600 },
    });
  // The issuer carries the port, which is known once listening: bind first, then mount the provider.
  const http = createServer();
  await new Promise<void>((resolve) => http.listen(port, '127.0.0.1', resolve));
  const address = http.address();
  const issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
  http.on('request', make(issuer).callback());
  return {
    issuer,
    clientId,
    clientSecret,
    entry: (id, name) => ({ id, name, issuer, clientId, clientSecret }),
    close: () =>
      new Promise<void>((resolve) => {
        http.closeAllConnections();
        http.close(() => resolve());
      }),
  };
}

/**
 * Goes through the provider's pages as a browser would, from the authorization address to the
 * redirect back to the console (answered, not followed): fills the login form with `login`, then
 * continues at the consent page, or cancels there when `cancel` is set.
 */
export async function signInAtProvider(authorizationUrl: string, login: string, cancel = false): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizationUrl).origin;
  let next: { url: string; init?: RequestInit } = { url: authorizationUrl };
  for (let step = 0; step < 12; step++) {
    const res = await fetch(next.url, {
      ...next.init,
      redirect: 'manual',
      headers: {
        ...(next.init?.headers as Record<string, string>),
        cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const [k, ...v] = pair!.split('=');
      jar.set(k!, v.join('='));
    }
    const location = res.headers.get('location');
    if (location) {
      const to = new URL(location, next.url);
      if (to.origin !== origin) return to;
      next = { url: to.href };
      continue;
    }
    const html = await res.text();
    if (res.status !== 200) throw new Error(`provider answered ${res.status}: ${html.slice(0, 200)}`);
    const abort = /href="([^"]*\/abort)"/.exec(html)?.[1];
    const form = /<form[^>]*action="([^"]+)"[^>]*method="post"[^>]*>([\s\S]*?)<\/form>/.exec(html);
    if (!form) throw new Error(`no form on the provider page: ${html.slice(0, 200)}`);
    const prompt = /name="prompt" value="(\w+)"/.exec(form[2]!)?.[1];
    if (prompt === 'consent' && cancel && abort) {
      next = { url: new URL(abort, next.url).href };
      continue;
    }
    const fields = new URLSearchParams({ prompt: prompt ?? '' });
    if (prompt === 'login') {
      fields.set('login', login);
      fields.set('password', 'any password');
    }
    next = {
      url: new URL(form[1]!, next.url).href,
      init: { method: 'POST', body: fields, headers: { 'content-type': 'application/x-www-form-urlencoded' } },
    };
  }
  throw new Error('the provider did not send the browser back');
}
