// Apart from oauth.ts (zod schemas): /login reads these flags before it needs any schema.

/** Why a third-party sign-in failed: `oauth_error` of the return to /login. */
export const OAUTH_LOGIN_ERRORS = ['failed', 'email_exist', 'no_email'] as const;
export type OAuthLoginError = (typeof OAUTH_LOGIN_ERRORS)[number];

/** How a binding ended: `bind` of the return to /me. */
export const OAUTH_BIND_RESULTS = ['ok', 'failed', 'taken'] as const;
export type OAuthBindResult = (typeof OAUTH_BIND_RESULTS)[number];
