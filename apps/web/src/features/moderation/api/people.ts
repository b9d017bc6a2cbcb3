import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { moderationApi, type AdminPeoplePage } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export interface PeopleQuery {
  /** Part of an email address or a name; empty lists everyone. */
  q: string;
  pageNumber: number;
}

export function getPeople({ q, pageNumber }: PeopleQuery, signal?: AbortSignal): Promise<AdminPeoplePage> {
  return api.call(moderationApi.people, { query: { q: q || undefined, pageNumber }, signal });
}

export function peopleQueryOptions(query: PeopleQuery) {
  return queryOptions({ queryKey: queryKeys.admin.people(query.q, query.pageNumber), queryFn: ({ signal }) => getPeople(query, signal) });
}

/** The last page stays on screen while the next search loads, so the list does not flash empty. */
export function usePeople(query: PeopleQuery) {
  return useQuery({ ...peopleQueryOptions(query), placeholderData: keepPreviousData });
}
