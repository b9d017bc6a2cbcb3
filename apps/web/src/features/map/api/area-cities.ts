import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { geoApi, type City } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';
import type { Box, MapView } from '../map-view';

type Area = { view: MapView; box: Box };

/** The largest towns inside a box, most populous first. */
export function getAreaCities(view: MapView, box: Box, limit: number, signal?: AbortSignal): Promise<City[]> {
  return engineApi.call(geoApi.areaCities, { body: { ...view, ...box, limit }, signal });
}

/** Waits for an area: without one there is nothing to name. */
export function areaCitiesQueryOptions(area: Area | null, limit = 40) {
  return queryOptions({
    queryKey: queryKeys.cities.inArea(area?.box ?? null, limit),
    queryFn: ({ signal }) => getAreaCities(area!.view, area!.box, limit, signal),
    enabled: area !== null,
    // Town names do not change while someone pans about.
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useAreaCities(area: Area | null, limit = 40) {
  return useQuery(areaCitiesQueryOptions(area, limit));
}
