import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { eventsApi, type EventPartners, type EventSearchRequest } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';
import type { SearchBox, SearchFilters } from '../search-state';

export function searchPartners(request: EventSearchRequest, signal?: AbortSignal): Promise<EventPartners> {
  return engineApi.call(eventsApi.partners, { body: request, signal });
}

/** The hosts and the line-ups' partners and sponsors of the events in the box, under the list's filters. */
export function searchPartnersQueryOptions(filters: SearchFilters, box: SearchBox) {
  return queryOptions({
    queryKey: queryKeys.eventSearch.partners(filters, box),
    queryFn: ({ signal }) => searchPartners({ ...filters, ...box }, signal),
    // The last answer stays up while the map settles, as the list's does.
    placeholderData: keepPreviousData,
  });
}

/** Asked only while the drawer is open, or while a choice of it needs its name. */
export function useSearchPartners(filters: SearchFilters, box: SearchBox | null, enabled: boolean) {
  return useQuery({
    ...searchPartnersQueryOptions(filters, box ?? { minLatitude: 0, maxLatitude: 0, minLongitude: 0, maxLongitude: 0 }),
    enabled: enabled && box !== null,
  });
}
