import { PasswordSetBody } from '@nimbus/contract';
import { useMutation } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';

export const setPassword = (body: z.input<typeof PasswordSetBody>) =>
  api.send('user/password/set', PasswordSetBody.parse(body));

/** POST api/user/password/set; other sessions end, this one stays. */
export function useSetPassword() {
  return useMutation({ mutationFn: setPassword });
}
