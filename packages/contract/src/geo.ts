import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Places: coordinates, the map box of a search, and cities of the gazetteer.

/** Tinier than any place: PostgreSQL refuses subnormal doubles such as 5e-324, so they count as 0. */
export const noSubnormal = (value: number) => (Math.abs(value) < 1e-12 ? 0 : value);

export const latitude = z
  .number({ message: 'Latitude must be a number.' })
  .min(-90, { message: 'Latitude is -90 to 90.' })
  .max(90, { message: 'Latitude is -90 to 90.' })
  .transform(noSubnormal);
export const longitude = z
  .number({ message: 'Longitude must be a number.' })
  .min(-180, { message: 'Longitude is -180 to 180.' })
  .max(180, { message: 'Longitude is -180 to 180.' })
  .transform(noSubnormal);
/** A map zoom level. */
export const zoom = z.number().min(0).max(22).transform(noSubnormal);

/** The four edges of a map box; all four or none. Spread into an object, then `.superRefine(checkBox)`. */
export const boxFields = {
  minLatitude: latitude.nullish(),
  maxLatitude: latitude.nullish(),
  minLongitude: longitude.nullish(),
  maxLongitude: longitude.nullish(),
};

type BoxEdges = { minLatitude?: number | null; maxLatitude?: number | null; minLongitude?: number | null; maxLongitude?: number | null };

/** One box rule for every request that takes a box: south below north, and all four edges or none. */
export function checkBox(v: BoxEdges, ctx: z.RefinementCtx): void {
  if (v.minLatitude != null && v.maxLatitude != null && v.minLatitude > v.maxLatitude) {
    ctx.addIssue({ code: 'custom', message: 'minLatitude must not be above maxLatitude.', path: ['minLatitude'] });
  }
  const edges = [v.minLatitude, v.maxLatitude, v.minLongitude, v.maxLongitude];
  if (!edges.every((x) => x == null) && !edges.every((x) => x != null)) {
    ctx.addIssue({ code: 'custom', message: 'Give all four box edges or none.', path: ['minLatitude'] });
  }
}

export const CitySchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    state: z.string().nullable(),
    country: z.string(),
    latitude: z.number(),
    longitude: z.number(),
    population: z.number().int(),
    distanceKm: z.number().nullable(),
    /** The city's IANA time zone ("America/Chicago"), from its position: what an event there is timed in. */
    timeZone: z.string(),
  })
  .meta({ id: 'City' });
export type City = z.infer<typeof CitySchema>;
export const CitySearchQuerySchema = z.object({
  search: z.string().trim().min(1, { message: 'search is required.' }).max(100),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
const numberParam = (name: string) => z.string({ message: `${name} is required.` }).trim().min(1, { message: `${name} is required.` }).pipe(z.coerce.number({ message: `${name} must be a number.` }));
export const CityNearbyQuerySchema = z.object({
  latitude: numberParam('latitude').pipe(latitude),
  longitude: numberParam('longitude').pipe(longitude),
  limit: z.coerce.number().int().min(1).max(50).default(10),
});
export const AreaCitiesRequestSchema = z
  .object({
    latitude,
    longitude,
    zoom,
    ...boxFields,
    limit: z.number().int().min(1).max(200).default(50),
  })
  .superRefine(checkBox)
  .meta({ id: 'AreaCitiesRequest' });

export const CityListSchema = z.array(CitySchema).meta({ id: 'CityList' });

export const geoApi = defineEndpoints('geo', {
  cities: endpoint('GET', `${ENGINE}/geo/cities/`, {
    summary: 'Cities by name: prefix then fuzzy, largest first ("Omaha, NE" narrows by state)',
    query: CitySearchQuerySchema,
    answer: CityListSchema,
    problems: [400],
  }),
  citiesNearby: endpoint('GET', `${ENGINE}/geo/cities-nearby/`, { summary: 'Cities nearest to a point', query: CityNearbyQuerySchema, answer: CityListSchema, problems: [400] }),
  areaCities: endpoint('POST', `${ENGINE}/area/cities/`, { summary: "Cities inside an area's view, largest first", body: AreaCitiesRequestSchema, answer: CityListSchema, problems: [400] }),
});
