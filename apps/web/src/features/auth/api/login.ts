import { LoginBody, SessionResult } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { dropCachedReads } from '../../../lib/query-loader';
import { writeSession } from '../../../lib/session/session-storage';
import { useAction } from '../../../lib/use-action';
import type { HumanGuard } from '../human-check/use-human-check';

export const login = (body: z.input<typeof LoginBody>) => api.post('login', LoginBody.parse(body), SessionResult);

/**
 * POST api/login; on success the session is stored and any cached data of a previous user dropped.
 * `guard` solves a challenge and signs in again when the server asks (need_recaptcha).
 */
export function useLogin(guard: HumanGuard) {
  return useAction((body: z.input<typeof LoginBody>) => guard((Captcha) => login({ ...body, Captcha })), {
    onSuccess: (session) => {
      writeSession(session);
      dropCachedReads();
    },
  });
}
