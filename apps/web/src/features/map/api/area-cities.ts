import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { CitySchema, paths, type City } from '@hubbub/contract';
import { engineApi } from '@/lib/api';
import type { Box, MapView } from '../map-view';

const CityListSchema = CitySchema.array();

/** The largest towns inside a box, most populous first. */
export function getAreaCities(view: MapView, box: Box, limit: number, signal?: AbortSignal): Promise<City[]> {
  return engineApi.post(paths.areaCities, { ...view, ...box, limit }, { schema: CityListSchema, signal });
}

export function useAreaCities(area: { view: MapView; box: Box } | null, limit = 40) {
  return useQuery({
    queryKey: ['area-cities', area?.box ?? null, limit],
    queryFn: ({ signal }) => getAreaCities(area!.view, area!.box, limit, signal),
    enabled: area !== null,
    // Town names do not change while someone pans about.
    staleTime: 60 * 60_000,
    placeholderData: keepPreviousData,
  });
}
