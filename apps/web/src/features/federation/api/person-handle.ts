import { queryOptions, useQuery } from '@tanstack/react-query';
import { federationApi, type FederationPerson } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getPersonHandle(id: string, signal?: AbortSignal): Promise<FederationPerson> {
  return api.call(federationApi.person, { params: { id }, signal });
}

export function personHandleQueryOptions(id: string) {
  // A handle, once given, is kept: it is read again only with the page.
  return queryOptions({ queryKey: queryKeys.users.fediverseHandle(id), queryFn: ({ signal }) => getPersonHandle(id, signal), staleTime: Infinity });
}

export function usePersonHandle(id: string) {
  return useQuery(personHandleQueryOptions(id));
}
