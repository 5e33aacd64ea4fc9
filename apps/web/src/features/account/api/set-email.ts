import { EmailSetBody } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { sessionKeys } from '../../../lib/session/session-query';
import { useAction } from '../../../lib/use-action';

export const setEmail = (body: z.input<typeof EmailSetBody>) => api.send('user/email/set', EmailSetBody.parse(body));

/** POST api/user/email/set with the mailed code; the session user is read again. */
export function useSetEmail() {
  const queryClient = useQueryClient();
  return useAction(setEmail, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sessionKeys.all }),
  });
}
