import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsApi, type EventList } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Events the signed-in user follows, soonest first, each with the follow link's id. */
export function getFollowingEvents(signal?: AbortSignal): Promise<EventList> {
  return engineApi.call(eventsApi.following, { signal });
}

export function followingEventsQueryOptions() {
  return queryOptions({ queryKey: queryKeys.events.following, queryFn: ({ signal }) => getFollowingEvents(signal) });
}

export function useFollowingEvents() {
  return useQuery(followingEventsQueryOptions());
}
