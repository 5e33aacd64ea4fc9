import { SshKey, SshKeyAddBody } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../api-client';
import { useAction } from '../use-action';
import { sshKeyKeys } from './query-keys';

export const addSshKey = (body: z.input<typeof SshKeyAddBody>) =>
  api.post('key/add', SshKeyAddBody.parse(body), SshKey);

/** POST api/key/add; settles once the key lists are read again, so they show the new key. */
export function useAddSshKey() {
  const queryClient = useQueryClient();
  return useAction(addSshKey, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
  });
}
