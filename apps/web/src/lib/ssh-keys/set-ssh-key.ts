import { SshKey, SshKeySetBody } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client';
import { sshKeyKeys } from './query-keys';

export const setSshKey = (body: z.input<typeof SshKeySetBody>) =>
  api.post('key/set', SshKeySetBody.parse(body), SshKey);

/** POST api/key/set; the key lists are read again also on failure (the key may be gone). */
export function useSetSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setSshKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
  });
}
