import { LoginBody, SessionResult } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { writeSession } from '../../../lib/session/session-storage';

export const login = (body: z.input<typeof LoginBody>) => api.post('login', LoginBody.parse(body), SessionResult);

/** POST api/login; on success the session is stored and any cached data of a previous user dropped. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      writeSession(session);
      queryClient.removeQueries();
    },
  });
}
