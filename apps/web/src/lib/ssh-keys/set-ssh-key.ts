import { SshKey, SshKeySetBody } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client';
import { useAction } from '../use-action';
import { sshKeyKeys } from './query-keys';

export const setSshKey = (body: z.input<typeof SshKeySetBody>) =>
  api.post('key/set', SshKeySetBody.parse(body), SshKey);

/** POST api/key/set; the key lists are read again also on failure (the key may be gone). */
export function useSetSshKey() {
  const queryClient = useQueryClient();
  return useAction(async (body: z.input<typeof SshKeySetBody>) => {
    try {
      return await setSshKey(body);
    } finally {
      await queryClient.invalidateQueries({ queryKey: sshKeyKeys.all });
    }
  });
}
