import { PreferencesSchema, type Preferences } from '@nimbus/contract';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../api-client';
import { sessionKeys, sessionQueryOptions } from '../session/session-query';
import { useAction } from '../use-action';

export const setPreferences = (body: Preferences) =>
  api.post('user/preferences/set', PreferencesSchema.parse(body), PreferencesSchema);

/** POST api/user/preferences/set; the cached session user is updated with the answer. */
export function useSetPreferences() {
  const queryClient = useQueryClient();
  return useAction(setPreferences, {
    onSuccess: (Preferences) => {
      queryClient.setQueryData(sessionQueryOptions().queryKey, (old) =>
        old ? { User: { ...old.User, Preferences } } : old,
      );
      void queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
