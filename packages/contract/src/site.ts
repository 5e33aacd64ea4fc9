import * as z from 'zod/mini';

// zod/mini: the sign-in and sign-up pages read these before any console code loads.

/**
 * GET api/site: the operator's public settings the console reads before sign-in. The terms of
 * service and the privacy policy (TERMS_URL, PRIVACY_URL) are linked from the agreement box on
 * /login and /register; null when not set.
 */
export const SiteSettings = z.object({
  TermsUrl: z.nullable(z.string()),
  PrivacyUrl: z.nullable(z.string()),
});
export type SiteSettings = z.infer<typeof SiteSettings>;
