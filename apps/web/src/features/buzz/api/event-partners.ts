import { queryOptions, useQuery } from '@tanstack/react-query';
import { eventLinksApi, type EventLinkSearchResult } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** People linked to the event (first page); the server only answers the host with everyone's links. */
export function searchEventLinks(eventId: string, signal?: AbortSignal): Promise<EventLinkSearchResult> {
  return engineApi.call(eventLinksApi.search, { body: { eventId, pageNumber: 1 }, signal });
}

export function eventPartnersQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.eventPartners(eventId), queryFn: ({ signal }) => searchEventLinks(eventId, signal) });
}

export function useEventPartners(eventId: string, enabled: boolean) {
  return useQuery({ ...eventPartnersQueryOptions(eventId), enabled });
}
