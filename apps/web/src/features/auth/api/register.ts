import { RegisterBody, SessionResult } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { writeSession } from '../../../lib/session/session-storage';

export const register = (body: z.input<typeof RegisterBody>) =>
  api.post('register', RegisterBody.parse(body), SessionResult);

/** POST api/register; the new account is signed in at once. */
export function useRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: register,
    onSuccess: (session) => {
      writeSession(session);
      queryClient.removeQueries();
    },
  });
}
