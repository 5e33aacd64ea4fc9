/** The sections of /me, selected by the `tab` search param. */
export const ACCOUNT_TABS = ['profile', 'password', 'email', 'logins', 'keys', 'preferences'] as const;
export type AccountTab = (typeof ACCOUNT_TABS)[number];
