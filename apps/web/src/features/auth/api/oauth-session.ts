import { OAuthSessionBody, SessionResult } from '@nimbus/contract';
import { api } from '../../../lib/api-client';

/**
 * POST api/oauth/session: trades the one-time code of a third-party sign-in's return for the
 * session (the return never carries the session id itself).
 */
export const tradeOAuthCode = (code: string) =>
  api.post('oauth/session', OAuthSessionBody.parse({ Code: code }), SessionResult);
