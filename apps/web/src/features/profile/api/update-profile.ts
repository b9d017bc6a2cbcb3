import { useMutation, useQueryClient } from '@tanstack/react-query';
import { usersApi, type Ok, type ProfileUpdate } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';
import { session } from '@/lib/session';

export function updateProfile(update: ProfileUpdate): Promise<Ok> {
  return api.call(usersApi.updateProfile, { body: update });
}

export function useUpdateProfile() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.profile });
      // The public page and people lists show the name and bio too.
      void client.invalidateQueries({ queryKey: queryKeys.users.all });
      void client.invalidateQueries({ queryKey: queryKeys.users.searches });
      // The header shows the name from auth/user, not from the profile.
      void session.fetchUser();
    },
  });
}
