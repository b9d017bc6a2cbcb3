import { queryOptions, useQuery } from '@tanstack/react-query';
import { FlyerListSchema, flyerPaths, type Flyer } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import { flyerKeys } from './query-keys';

/** The event's flyers in the host's order (404 for events the viewer may not see). */
export function getEventFlyers(eventId: string, signal?: AbortSignal): Promise<Flyer[]> {
  return engineApi.get(flyerPaths.eventFlyers(eventId), { schema: FlyerListSchema, signal });
}

export function eventFlyersQueryOptions(eventId: string) {
  return queryOptions({ queryKey: flyerKeys.event(eventId), queryFn: ({ signal }) => getEventFlyers(eventId, signal) });
}

export function useEventFlyers(eventId: string) {
  return useQuery(eventFlyersQueryOptions(eventId));
}
