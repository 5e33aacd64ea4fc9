import { SshKeyDelBody } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { useAction } from '../use-action';
import { sshKeyKeys } from './query-keys';

export const deleteSshKey = (id: number) => api.send('key/del', SshKeyDelBody.parse({ id }));

/** POST api/key/del; the key lists are read again also on failure (the key may be gone). */
export function useDeleteSshKey() {
  const queryClient = useQueryClient();
  return useAction(async (id: number) => {
    try {
      return await deleteSshKey(id);
    } finally {
      await queryClient.invalidateQueries({ queryKey: sshKeyKeys.all });
    }
  });
}
