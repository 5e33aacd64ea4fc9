import { ProfileSchema, ProfileSetBody, type Profile } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { sessionKeys, sessionQueryOptions } from '../../../lib/session/session-query';
import { useAction } from '../../../lib/use-action';

export const setProfile = (body: Profile) => api.post('user/profile/set', ProfileSetBody.parse(body), ProfileSchema);

/** POST api/user/profile/set; the answer replaces the profile of the cached session user. */
export function useSetProfile() {
  const queryClient = useQueryClient();
  return useAction(setProfile, {
    onSuccess: (Profile) => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, (old) =>
        old ? { User: { ...old.User, Profile } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
