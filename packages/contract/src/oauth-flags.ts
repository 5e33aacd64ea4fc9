// Apart from oauth.ts (zod schemas): /login reads these flags before it needs any schema.

/**
 * Why a third-party sign-in failed: `oauth_error` of the return to /login. `unreachable`: the
 * provider did not answer (no connection, a timeout or a 5xx), as against a trip that failed.
 */
export const OAUTH_LOGIN_ERRORS = ['failed', 'email_exist', 'no_email', 'unreachable'] as const;
export type OAuthLoginError = (typeof OAUTH_LOGIN_ERRORS)[number];

/** How a binding ended: `bind` of the return to /me (`unreachable` as for a sign-in). */
export const OAUTH_BIND_RESULTS = ['ok', 'failed', 'taken', 'unreachable'] as const;
export type OAuthBindResult = (typeof OAUTH_BIND_RESULTS)[number];
