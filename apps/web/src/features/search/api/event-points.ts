import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { EventPointsResultSchema, paths, type EventPointsResult, type EventSearchRequest } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';
import type { SearchBox, SearchFilters } from '../search-state';

/** Every event in the box (up to 100,000) as [id, lng, lat], for the map's clusters. */
export function getEventPoints(request: EventSearchRequest, signal?: AbortSignal): Promise<EventPointsResult> {
  return engineApi.post(paths.eventPoints, request, { schema: EventPointsResultSchema, signal });
}

export function eventPointsQueryOptions(filters: SearchFilters, box: SearchBox) {
  return queryOptions({
    queryKey: queryKeys.eventPoints.list(filters, box),
    queryFn: ({ signal }) => getEventPoints({ ...filters, ...box }, signal),
    // Clusters stay on the map while the next answer is on its way.
    placeholderData: keepPreviousData,
  });
}

export function useEventPoints(filters: SearchFilters, box: SearchBox | null) {
  return useQuery({
    ...eventPointsQueryOptions(filters, box ?? { minLatitude: 0, maxLatitude: 0, minLongitude: 0, maxLongitude: 0 }),
    enabled: box !== null,
  });
}
