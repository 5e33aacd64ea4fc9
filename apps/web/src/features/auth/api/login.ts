import { LoginBody, SessionResult } from '@nimbus/contract';
import type * as z from 'zod/mini';
import { api } from '../../../lib/api-client';
import { dropCachedReads } from '../../../lib/query-loader';
import { writeSession } from '../../../lib/session/session-storage';
import { useAction } from '../../../lib/use-action';

export const login = (body: z.input<typeof LoginBody>) => api.post('login', LoginBody.parse(body), SessionResult);

/** POST api/login; on success the session is stored and any cached data of a previous user dropped. */
export function useLogin() {
  return useAction(login, {
    onSuccess: (session) => {
      writeSession(session);
      dropCachedReads();
    },
  });
}
