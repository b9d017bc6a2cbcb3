import { queryOptions, useQuery } from '@tanstack/react-query';
import { usersApi, type Person } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** The public endpoint works logged out; with a bearer the relation flags are filled in. */
export function getPerson(id: string): Promise<Person> {
  return api.call(usersApi.getPublic, { params: { id } });
}

export function personQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.users.person(id), queryFn: () => getPerson(id) });
}

export function usePerson(id: string) {
  return useQuery(personQueryOptions(id));
}
