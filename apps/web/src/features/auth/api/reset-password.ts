import { ResetBody } from '@nimbus/contract';
import { useAction } from '../../../lib/use-action';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const resetPassword = (body: z.input<typeof ResetBody>) => api.send('password/reset', ResetBody.parse(body));

/** POST api/password/reset with the mailed code and the new password. */
export function useResetPassword() {
  return useAction(resetPassword);
}
