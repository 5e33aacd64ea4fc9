import { z } from 'zod';

/** Loopback hosts, the only ones a provider may be reached at over plain http (local tests). */
const LOOPBACK = new Set(['localhost', '127.0.0.1', '[::1]']);

/** An https URL, or http on a loopback address. */
const providerUrl = z.string().refine(
  (v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'https:' || (u.protocol === 'http:' && LOOPBACK.has(u.hostname));
    } catch {
      return false;
    }
  },
  { message: 'expected an https URL (http only on localhost or 127.0.0.1)' },
);

const OidcProvider = z.strictObject({
  id: z
    .string()
    .regex(/^[a-z0-9][a-z0-9-]{0,31}$/, { message: 'id: 1 to 32 lowercase letters, digits or "-"' })
    .refine((id) => id !== 'github', { message: 'id "github" is kept for GITHUB_CLIENT_ID' }),
  name: z.string().trim().min(1).max(64),
  issuer: providerUrl,
  clientId: z.string().min(1),
  clientSecret: z.string().min(1),
});
export type OidcProviderConfig = z.infer<typeof OidcProvider>;

/** OIDC_PROVIDERS: a JSON array of OpenID Connect providers, each with its own id. */
const oidcProviders = z
  .string()
  .transform((text, ctx) => {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'expected JSON: [{"id","name","issuer","clientId","clientSecret"}, …]' });
      return z.NEVER;
    }
  })
  .pipe(
    z.array(OidcProvider).refine((list) => new Set(list.map((p) => p.id)).size === list.length, {
      message: 'every provider needs its own id',
    }),
  );

/** The third-party login settings of the environment schema (see README.md, "Configuration"). */
export const oauthEnv = {
  OIDC_PROVIDERS: oidcProviders.default([]),
  GITHUB_CLIENT_ID: z.string().min(1).optional(),
  GITHUB_CLIENT_SECRET: z.string().min(1).optional(),
  GITHUB_URL: providerUrl.default('https://github.com'),
  GITHUB_API_URL: providerUrl.default('https://api.github.com'),
};

/** GitHub sign-in needs both its client id and its secret, or neither. */
export function oauthProblems(c: { GITHUB_CLIENT_ID?: string; GITHUB_CLIENT_SECRET?: string }): string[] {
  return !c.GITHUB_CLIENT_ID !== !c.GITHUB_CLIENT_SECRET
    ? ['GITHUB_CLIENT_ID, GITHUB_CLIENT_SECRET: set both to offer GitHub sign-in, or neither']
    : [];
}
