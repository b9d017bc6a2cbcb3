import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsApi, type EventList } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Buzzes running now that the signed-in person may watch (theirs and public ones), soonest first. */
export function getLiveEvents(signal?: AbortSignal): Promise<EventList> {
  return engineApi.call(eventsApi.live, { signal });
}

export function liveEventsQueryOptions() {
  // Who is live changes by the minute: kept fresh while the page is open.
  return queryOptions({ queryKey: queryKeys.events.live, queryFn: ({ signal }) => getLiveEvents(signal), refetchInterval: 60_000 });
}

export function useLiveEvents(enabled = true) {
  return useQuery({ ...liveEventsQueryOptions(), enabled });
}
