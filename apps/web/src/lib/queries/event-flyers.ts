import { queryOptions, useQuery } from '@tanstack/react-query';
import { flyersApi, type Flyer } from '@hubbub/contract';
import { engineApi } from '../api/http-client';
import { queryKeys } from '../api/query-keys';

/**
 * The event's flyers in the host's order (404 for events the viewer may not see). Shared: the
 * flyers screen lists and edits them, the buzz names them on the timeline and launches them.
 */
export function getEventFlyers(eventId: string, signal?: AbortSignal): Promise<Flyer[]> {
  return engineApi.call(flyersApi.ofEvent, { params: { eventId }, signal });
}

export function eventFlyersQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.eventFlyers(eventId), queryFn: ({ signal }) => getEventFlyers(eventId, signal) });
}

export function useEventFlyers(eventId: string, enabled = true) {
  return useQuery({ ...eventFlyersQueryOptions(eventId), enabled });
}
