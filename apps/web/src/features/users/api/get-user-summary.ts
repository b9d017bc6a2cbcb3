import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type UserSummary } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** Counts for the signed-in user. */
export function getUserSummary(): Promise<UserSummary> {
  return api.call(usersApi.summary);
}

export function userSummaryQueryOptions() {
  return queryOptions({ queryKey: queryKeys.users.summary, queryFn: getUserSummary });
}

export function useUserSummary(enabled = true) {
  return useQuery({ ...userSummaryQueryOptions(), enabled });
}
