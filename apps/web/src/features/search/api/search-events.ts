import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { eventsApi, type EventSearchRequest, type EventSearchResult } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';
import type { SearchBox, SearchFilters } from '../search-state';

export function searchEvents(request: EventSearchRequest, signal?: AbortSignal): Promise<EventSearchResult> {
  return engineApi.call(eventsApi.search, { body: request, signal });
}

/** Pages of 50, soonest first, for what is in the box. */
export function eventSearchQueryOptions(filters: SearchFilters, box: SearchBox) {
  return infiniteQueryOptions({
    queryKey: queryKeys.eventSearch.list(filters, box),
    queryFn: ({ pageParam, signal }) => searchEvents({ ...filters, ...box, orderBy: 'StartDate', pageNumber: pageParam }, signal),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pageNumber * last.pageSize < last.totalCount ? last.pageNumber + 1 : undefined),
    // The old list stays up while the map settles, instead of flashing empty on every pan.
    placeholderData: keepPreviousData,
  });
}

/** Waits for the map's first box: searching the whole world first would be wasted. */
export function useEventSearch(filters: SearchFilters, box: SearchBox | null) {
  return useInfiniteQuery({
    ...eventSearchQueryOptions(filters, box ?? { minLatitude: 0, maxLatitude: 0, minLongitude: 0, maxLongitude: 0 }),
    enabled: box !== null,
  });
}

/** The first page of events at one spot of the map, for the popup over a cluster that cannot split. */
export function spotEventsQueryOptions(filters: SearchFilters, box: SearchBox) {
  return queryOptions({
    queryKey: queryKeys.eventSearch.spot(filters, box),
    queryFn: ({ signal }) => searchEvents({ ...filters, ...box, orderBy: 'StartDate', pageNumber: 1 }, signal),
  });
}

export function useSpotEvents(filters: SearchFilters, box: SearchBox) {
  return useQuery(spotEventsQueryOptions(filters, box));
}
