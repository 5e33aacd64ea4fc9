/** Query keys of the SSH key feature; everything under `all` refreshes when a key changes. */
export const sshKeyKeys = {
  all: ['ssh-keys'] as const,
  list: () => [...sshKeyKeys.all, 'list'] as const,
};
