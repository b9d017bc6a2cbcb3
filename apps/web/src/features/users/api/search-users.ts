import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type UserSearchCriteria, type UserSearchResult } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function searchUsers(criteria: UserSearchCriteria): Promise<UserSearchResult> {
  return api.call(usersApi.search, { body: criteria });
}

export function userSearchQueryOptions(searchText: string, pageNumber = 1) {
  return queryOptions({
    queryKey: queryKeys.users.search(searchText, pageNumber),
    queryFn: () => searchUsers({ searchText, pageNumber }),
    placeholderData: keepPreviousData,
  });
}

export function useUserSearch(searchText: string, pageNumber = 1, enabled = true) {
  return useQuery({ ...userSearchQueryOptions(searchText, pageNumber), enabled });
}
