import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventsApi, type HubEvent } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** `not_found` for unknown events and for drafts that are not yours. */
export function getEvent(id: string, signal?: AbortSignal): Promise<HubEvent> {
  return engineApi.call(eventsApi.get, { params: { id }, signal });
}

export function eventQueryOptions(id: string) {
  return queryOptions({ queryKey: queryKeys.events.detail(id), queryFn: ({ signal }) => getEvent(id, signal) });
}

export function useEvent(id: string) {
  return useQuery(eventQueryOptions(id));
}
