import { queryOptions, useQuery } from '@tanstack/react-query';
import { paths, ProfileSchema, type Profile } from '@hubbub/contract';
import { api } from '@/lib/api';

export const profileQueryKey = ['profile'] as const;

export function getProfile(): Promise<Profile> {
  return api.get(paths.profile, { schema: ProfileSchema });
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: profileQueryKey, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
