import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type Profile } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getProfile(): Promise<Profile> {
  return api.call(usersApi.profile);
}

export function profileQueryOptions() {
  return queryOptions({ queryKey: queryKeys.profile, queryFn: getProfile });
}

export function useProfile() {
  return useQuery(profileQueryOptions());
}
