import {
  ErrorBody,
  IdentityBody,
  IdentityList,
  OAuthLoginBody,
  OAuthProviderList,
  OAuthSessionBody,
  OAuthStart,
  SessionResult,
} from '@nimbus/contract';
import { z } from 'zod';
import { replies, type Api } from '../../infra/lib/api.js';
import type { Context } from '../../infra/lib/context.js';
import { authOf, caller } from '../../infra/http/session.js';
import { configuredProviders } from './providers.js';
import * as oauth from './service.js';

const START =
  'Answers the provider’s address for the browser to go to, and sets an HttpOnly cookie tying the trip to this browser. The trip must come back within 10 minutes and ends once. Throttled per address. 502 internal_error when the provider cannot be reached (no connection, no answer within 10 s, or a 5xx).';

/** Third-party sign-in: open to anyone. */
export async function oauthRoutes(app: Api, ctx: Context) {
  app.get(
    '/oauth/providers',
    {
      schema: {
        summary: 'Third-party logins offered',
        description: 'GitHub and the OpenID Connect providers of the configuration; empty when none is set.',
        response: replies(OAuthProviderList),
      },
    },
    async () => ({ data: configuredProviders(ctx.config) }),
  );
  app.post(
    '/oauth/login',
    {
      schema: {
        summary: 'Start signing in with a provider',
        description: `${START} A provider identity not bound yet makes a new account (no password; the terms accepted here) when its email, verified by the provider, belongs to no account. An address that does is never linked: its owner signs in and binds the provider on /me.`,
        body: OAuthLoginBody,
        response: replies(OAuthStart),
      },
    },
    async (req, reply) => {
      const started = await oauth.startLogin(ctx, caller(req), req.body, req.headers.cookie);
      void reply.header('set-cookie', started.setCookie);
      return { data: { Url: started.url } };
    },
  );
  app.post(
    '/oauth/session',
    {
      schema: {
        summary: 'Trade a sign-in’s one-time code for the session',
        description:
          'The code of `/login?oauth_code=…`, from the browser that made the trip (its cookie), within a minute, once. Anything else is 400 wrong_code.',
        body: OAuthSessionBody,
        response: replies(SessionResult),
      },
    },
    async (req) => ({ data: await oauth.exchangeLoginCode(ctx, caller(req), req.body.Code, req.headers.cookie) }),
  );
  app.get(
    '/oauth/callback/:Provider',
    {
      schema: {
        summary: 'Return from a provider',
        description:
          'Where providers send the browser back (register `PUBLIC_URL/api/oauth/callback/<id>` at the provider). Redirects to `/login?oauth_code=…&redirect=…` after a sign-in (a one-time code for api/oauth/session: no session id in an address), `/login?oauth_error=failed|email_exist|no_email|unreachable` when it fails, or `/me?tab=logins&bind=ok|failed|taken|unreachable` after a binding; `unreachable` when the provider could not be reached (no connection, no answer within 10 s, or a 5xx).',
        params: z.object({ Provider: z.string().max(32) }),
        querystring: z.object({
          code: z.string().optional(),
          state: z.string().optional(),
          error: z.string().optional(),
        }),
        response: {
          302: z.null().describe('A redirect to /login or /me (Location header).'),
          '4xx': ErrorBody,
          '5xx': ErrorBody,
        },
      },
    },
    async (req, reply) => {
      const rawQuery = req.url.split('?')[1] ?? '';
      let location: string;
      try {
        location = await oauth.callback(ctx, caller(req), req.params.Provider, rawQuery, req.headers.cookie);
      } catch (e) {
        req.log.error({ err: e }, 'third-party login return failed');
        location = '/login?oauth_error=failed';
      }
      // The address may carry a sign-in's one-time code: no cache may keep it (API answers send no referrer).
      void reply.header('cache-control', 'no-store');
      return reply.redirect(location, 302);
    },
  );
}

/** The signed-in customer's bound providers. */
export async function identityRoutes(app: Api, ctx: Context) {
  app.get(
    '/user/identities',
    {
      schema: {
        summary: 'The caller’s third-party logins',
        description: 'The provider identities bound to the account.',
        response: replies(IdentityList),
      },
    },
    async (req) => ({ data: await oauth.listIdentities(ctx, authOf(req).userId) }),
  );
  app.post(
    '/user/identity/bind',
    {
      schema: {
        summary: 'Start binding a provider',
        description: `${START} The return goes to /me with the outcome; an identity bound to another account is refused (bind=taken). 409 wrong_status when the account already has this provider.`,
        body: IdentityBody,
        response: replies(OAuthStart),
      },
    },
    async (req, reply) => {
      const started = await oauth.startBind(
        ctx,
        caller(req),
        authOf(req).userId,
        req.body.Provider,
        req.headers.cookie,
      );
      void reply.header('set-cookie', started.setCookie);
      return { data: { Url: started.url } };
    },
  );
  app.post(
    '/user/identity/unbind',
    {
      schema: {
        summary: 'Unbind a provider',
        description:
          'Refused with 409 wrong_status when it is the last way to sign in (no password and no other provider); 404 db_no_record when the provider is not bound.',
        body: IdentityBody,
        response: replies(z.null()),
      },
    },
    async (req) => {
      await oauth.unbind(ctx, authOf(req).userId, req.body.Provider);
      return { data: null };
    },
  );
}
