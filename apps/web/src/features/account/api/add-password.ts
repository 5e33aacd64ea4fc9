import { PasswordAddBody } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-query';
import { useAction } from '../../../lib/use-action';

export const addPassword = (body: z.input<typeof PasswordAddBody>) =>
  api.send('user/password/add', PasswordAddBody.parse(body));

/** POST api/user/password/add: the first password of an account made through a provider. */
export function useAddPassword() {
  const queryClient = useQueryClient();
  return useAction(addPassword, {
    // HasPassword changes: the password form and the last-way rule of /me follow it.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
