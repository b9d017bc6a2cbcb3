import { z } from 'zod';
import { latitude, longitude, zoom } from './geo.js';
import { usStateCode } from './us-states.js';

// Areas (spec 3 Area) and the map's home area.

export const AreaType = { World: 0, Country: 1, State: 2, County: 3, City: 4, Zipcode: 5, Custom: 6 } as const;
export const AreaTypeSchema = z.number().int().min(0, { message: 'Area type is 0 to 6.' }).max(6, { message: 'Area type is 0 to 6.' });

const shortText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** A US state by code or full name, stored as its code (us-states.ts); empty is none. */
const stateField = shortText(60).transform((value, ctx): string | null => {
  if (value === null) return null;
  const code = usStateCode(value);
  if (!code) {
    ctx.addIssue({ code: 'custom', message: `state must be a US state code (AL to WY, or DC) or its name; "${value.slice(0, 60)}" is not one.` });
    return z.NEVER;
  }
  return code;
});

export const AreaSchema = z
  .object({
    id: z.string().nullish(),
    userId: z.string().nullish(),
    name: z.string().trim().max(200).default(''),
    type: AreaTypeSchema.default(AreaType.Custom),
    latitude,
    longitude,
    zoom: zoom.default(10),
    streetAddress: shortText(200),
    city: shortText(120),
    state: stateField,
    zipCode: shortText(20),
    country: shortText(60),
  })
  .meta({ id: 'Area' });
export type Area = z.infer<typeof AreaSchema>;
export type AreaInput = z.input<typeof AreaSchema>;

/** The spec's Map: the default one is centred on the middle of the United States. */
export const MapSchema = z.object({ id: z.string(), name: z.string(), homeArea: AreaSchema }).meta({ id: 'Map' });
export type MapInfo = z.infer<typeof MapSchema>;
export const DEFAULT_MAP: MapInfo = {
  id: 'default',
  name: 'Default',
  homeArea: {
    id: null,
    userId: null,
    name: 'United States',
    type: AreaType.Custom,
    latitude: 39.5,
    longitude: -98.35,
    zoom: 3.5,
    streetAddress: null,
    city: null,
    state: null,
    zipCode: null,
    country: 'US',
  },
};
