import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsApi, type EventList } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** The signed-in user's events, drafts included, soonest first. */
export function getMyEvents(signal?: AbortSignal): Promise<EventList> {
  return engineApi.call(eventsApi.mine, { signal });
}

export function myEventsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.events.mine, queryFn: ({ signal }) => getMyEvents(signal) });
}

export function useMyEvents() {
  return useQuery(myEventsQueryOptions());
}
