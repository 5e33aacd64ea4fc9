import { SshKeyList } from '@nimbus/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api-client';
import { sshKeyKeys } from './query-keys';

export const getSshKeys = (signal?: AbortSignal) => api.get('keys', SshKeyList, undefined, signal);

export const sshKeysQueryOptions = () =>
  queryOptions({ queryKey: sshKeyKeys.list(), queryFn: ({ signal }) => getSshKeys(signal) });

/** GET api/keys: the customer's SSH keys, newest first. */
export function useSshKeys() {
  return useQuery(sshKeysQueryOptions());
}
