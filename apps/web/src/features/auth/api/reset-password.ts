import { ResetBody } from '@nimbus/contract';
import { useAction } from '../../../lib/use-action';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import type { HumanGuard } from '../human-check/use-human-check';

export const resetPassword = (body: z.input<typeof ResetBody>) => api.send('password/reset', ResetBody.parse(body));

/** POST api/password/reset with the mailed code and the new password. `guard` answers need_recaptcha. */
export function useResetPassword(guard: HumanGuard) {
  return useAction((body: z.input<typeof ResetBody>) => guard((Captcha) => resetPassword({ ...body, Captcha })));
}
