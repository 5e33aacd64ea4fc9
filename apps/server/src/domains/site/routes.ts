import { SiteSettings } from '@nimbus/contract';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';

/** The operator's public settings: open to anyone, fixed while the server runs. */
export async function siteRoutes(app: Api, ctx: Context) {
  const settings: SiteSettings = {
    TermsUrl: ctx.config.TERMS_URL ?? null,
    PrivacyUrl: ctx.config.PRIVACY_URL ?? null,
  };
  app.get(
    '/site',
    {
      schema: {
        summary: 'Public settings of the console',
        description:
          'What the console shows before sign-in: the addresses of the terms of service (`TERMS_URL`) and the privacy policy (`PRIVACY_URL`), linked from the agreement box on sign-in and sign-up; null when not set.',
        response: replies(SiteSettings),
      },
    },
    async () => ({ data: settings }),
  );
}
