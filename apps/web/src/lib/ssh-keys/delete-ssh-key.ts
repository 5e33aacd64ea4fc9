import { SshKeyDelBody } from '@nimbus/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { sshKeyKeys } from './query-keys';

export const deleteSshKey = (id: number) => api.send('key/del', SshKeyDelBody.parse({ id }));

/** POST api/key/del; the key lists are read again also on failure (the key may be gone). */
export function useDeleteSshKey() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSshKey,
    onSettled: () => queryClient.invalidateQueries({ queryKey: sshKeyKeys.all }),
  });
}
