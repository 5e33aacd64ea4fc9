import { RegisterBody, SessionResult } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { dropCachedReads } from '../../../lib/query-loader';
import { writeSession } from '../../../lib/session/session-storage';
import { useAction } from '../../../lib/use-action';
import type { HumanGuard } from '../human-check/use-human-check';

export const register = (body: z.input<typeof RegisterBody>) =>
  api.post('register', RegisterBody.parse(body), SessionResult);

/** POST api/register; the new account is signed in at once. `guard` answers need_recaptcha. */
export function useRegister(guard: HumanGuard) {
  return useAction((body: z.input<typeof RegisterBody>) => guard((Captcha) => register({ ...body, Captcha })), {
    onSuccess: (session) => {
      writeSession(session);
      dropCachedReads();
    },
  });
}
