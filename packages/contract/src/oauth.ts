import * as z from 'zod/mini';
import { AgreeTermsField, ConfirmPasswordField, PasswordField } from './account.js';

// zod/mini like account.ts: the web app's sign-in and account pages parse with these.

/** A third-party login the console offers (GET api/oauth/providers). */
export const OAuthProvider = z.object({
  Id: z.string(),
  Name: z.string(),
  Kind: z.enum(['oidc', 'github']),
});
export type OAuthProvider = z.infer<typeof OAuthProvider>;
export const OAuthProviderList = z.array(OAuthProvider);

const provider = z
  .string({ error: 'required' })
  .check(z.minLength(1, { error: 'required' }), z.maxLength(32, { error: 'invalid_value' }));

/** POST api/oauth/login: sign in (or sign up) with a provider; the terms are accepted here. */
export const OAuthLoginBody = z.object({
  Provider: provider,
  AgreeTerms: AgreeTermsField,
  /** Where to go after signing in: a path on this site (anything else is dropped). */
  Redirect: z.optional(z.string({ error: 'invalid_value' }).check(z.maxLength(2048, { error: 'invalid_value' }))),
  /** A referral code, used only when the sign-in makes a new account. */
  AffCode: z.optional(
    z.string({ error: 'invalid_value' }).check(z.trim(), z.maxLength(64, { error: 'incorrect_length' })),
  ),
});
export type OAuthLoginBody = z.infer<typeof OAuthLoginBody>;

/** POST api/oauth/session: the one-time code of a third-party sign-in's return (/login?oauth_code=…). */
export const OAuthSessionBody = z.object({
  Code: z
    .string({ error: 'required' })
    .check(z.minLength(1, { error: 'required' }), z.maxLength(128, { error: 'invalid_value' })),
});
export type OAuthSessionBody = z.infer<typeof OAuthSessionBody>;

/** POST api/user/identity/bind and api/user/identity/unbind. */
export const IdentityBody = z.object({ Provider: provider });

/** `data` of a start: the provider's address, for the browser to go to. */
export const OAuthStart = z.object({ Url: z.string() });
export type OAuthStart = z.infer<typeof OAuthStart>;

/** A provider identity bound to the caller's account (GET api/user/identities). */
export const Identity = z.object({
  Provider: z.string(),
  /** The email the provider gave when the identity was bound, if any. */
  Email: z.string(),
  CreatedAt: z.string(),
});
export type Identity = z.infer<typeof Identity>;
export const IdentityList = z.array(Identity);

/** POST api/user/password/add: a first password, for an account made through a provider (none to confirm). */
export const PasswordAddBody = z.object({ NewPassword: PasswordField, ConfirmPassword: ConfirmPasswordField });
