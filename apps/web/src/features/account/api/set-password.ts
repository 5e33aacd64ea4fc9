import { PasswordSetBody } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { useAction } from '../../../lib/use-action';

export const setPassword = (body: z.input<typeof PasswordSetBody>) =>
  api.send('user/password/set', PasswordSetBody.parse(body));

/** POST api/user/password/set; other sessions end, this one stays. */
export function useSetPassword() {
  return useAction(setPassword);
}
