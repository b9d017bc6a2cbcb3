import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eventsApi, type PersonEvents, type PersonEventsWhen } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

/** A person's public events, upcoming or past, one page: the same for everyone. */
export function getPersonEvents(id: string, when: PersonEventsWhen, pageNumber = 1): Promise<PersonEvents> {
  return api.call(eventsApi.ofPerson, { params: { id }, query: { when, pageNumber } });
}

export function personEventsQueryOptions(id: string, when: PersonEventsWhen, pageNumber = 1) {
  return queryOptions({
    queryKey: queryKeys.users.events(id, when, pageNumber),
    queryFn: () => getPersonEvents(id, when, pageNumber),
    placeholderData: keepPreviousData,
  });
}

export function usePersonEvents(id: string, when: PersonEventsWhen, pageNumber = 1) {
  return useQuery(personEventsQueryOptions(id, when, pageNumber));
}
