import { z } from 'zod';
import { latitude, longitude, zoom } from './geo.js';
import { US_STATE_CODES, usStateCode, type UsStateCode } from './us-states.js';

// Areas (spec 3 Area) and the map's home area.

export const AreaType = { World: 0, Country: 1, State: 2, County: 3, City: 4, Zipcode: 5, Custom: 6 } as const;
export const AreaTypeSchema = z.number().int().min(0, { message: 'Area type is 0 to 6.' }).max(6, { message: 'Area type is 0 to 6.' });

const shortText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

/** A state as typed; a US state's name in any case is read as its code ("texas" -> "TX"). */
const stateField = shortText(60).transform((value) => (value === null ? null : (usStateCode(value) ?? value)));

/** Whether an area is in the United States: it says so, or names no country (the app's home). */
export function isUsArea(area: { country?: string | null }): boolean {
  const country = area.country?.trim().toUpperCase() ?? '';
  return country === '' || country === 'US' || country === 'USA' || country === 'UNITED STATES';
}

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
  // In the US the state is one of spec 3's 51 codes; elsewhere it is the place's own region, as typed.
  .superRefine((area, ctx) => {
    if (area.state !== null && isUsArea(area) && !US_STATE_CODES.includes(area.state as UsStateCode)) {
      ctx.addIssue({ code: 'custom', path: ['state'], message: `state must be a US state code (AL to WY, or DC) or its name; "${area.state.slice(0, 60)}" is not one.` });
    }
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
