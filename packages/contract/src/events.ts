import { z } from 'zod';
import { IdSchema } from './common.js';
import { FlyerSchema } from './flyers.js';

export const EventStatus = { Created: 0, Started: 1, Completed: 2, Canceled: 3 } as const;
export const EventStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type EventStatusValue = z.infer<typeof EventStatusSchema>;

export const AreaType = { World: 0, Country: 1, State: 2, County: 3, City: 4, Zipcode: 5, Custom: 6 } as const;
export const AreaTypeSchema = z.number().int().min(0, { message: 'Area type is 0 to 6.' }).max(6, { message: 'Area type is 0 to 6.' });

export const LinkTypes = ['Star', 'Follow', 'Attendee'] as const;
export const LinkTypeSchema = z.enum(LinkTypes, { message: 'Link type must be Star, Follow or Attendee.' });
export type LinkType = z.infer<typeof LinkTypeSchema>;

const latitude = z.number({ message: 'Latitude must be a number.' }).min(-90, { message: 'Latitude is -90 to 90.' }).max(90, { message: 'Latitude is -90 to 90.' });
const longitude = z.number({ message: 'Longitude must be a number.' }).min(-180, { message: 'Longitude is -180 to 180.' }).max(180, { message: 'Longitude is -180 to 180.' });
const shortText = (max: number) => z.string().trim().max(max).nullish().transform((v) => (v ? v : null));

export const AreaSchema = z
  .object({
    id: z.string().nullish(),
    userId: z.string().nullish(),
    name: z.string().trim().max(200).default(''),
    type: AreaTypeSchema.default(AreaType.Custom),
    latitude,
    longitude,
    zoom: z.number().min(0).max(22).default(10),
    streetAddress: shortText(200),
    city: shortText(120),
    state: shortText(60),
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

export const TagSchema = z
  .object({ id: z.uuid(), name: z.string(), categoryId: z.uuid().nullable(), isCategory: z.boolean() })
  .meta({ id: 'Tag' });
export type Tag = z.infer<typeof TagSchema>;

export const PartnerSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'Partner' });
export type Partner = z.infer<typeof PartnerSchema>;

export const LinkCountsSchema = z.object({ Star: z.number().int(), Follow: z.number().int(), Attendee: z.number().int() });
export const MyLinksSchema = z.object({ Star: z.uuid().nullable(), Follow: z.uuid().nullable(), Attendee: z.uuid().nullable() });

/** The spec's Event; flyers come in the host's flyerOrder. timelines, attractions and chats fill in with the buzz issue. */
export const EventSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    timeZone: z.string(),
    publishOnDate: z.string().nullable(),
    contentType: z.string().nullable(),
    contentJson: z.string().nullable(),
    externalEventType: z.string().nullable(),
    externalEventJson: z.string().nullable(),
    slug: z.string(),
    venue: z.string().nullable(),
    area: AreaSchema.nullable(),
    attractions: z.array(z.unknown()),
    flyers: z.array(FlyerSchema),
    flyerOrder: z.array(z.string()),
    tags: z.array(TagSchema),
    updated: z.string(),
    thumbnailPath: z.string().nullable(),
    timelines: z.array(z.unknown()),
    chats: z.array(z.unknown()),
    isFollowingId: z.uuid().nullable(),
    status: EventStatusSchema,
    host: PartnerSchema,
    linkCounts: LinkCountsSchema,
    myLinks: MyLinksSchema,
  })
  .meta({ id: 'Event' });
export type HubEvent = z.infer<typeof EventSchema>;

export const EVENT_NAME_MAX = 120;
export const EVENT_TAGS_MAX = 20;
/** Longest event; it bounds how far back a date-window search must look for events still running. */
export const EVENT_MAX_DAYS = 31;
export const EVENT_DESCRIPTION_MAX = 20_000;

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** An ISO 8601 instant with its offset (Z or ±hh:mm) and a real calendar day. */
export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

const isoDate = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .refine(isIsoInstant, { message: `${label} must be an ISO 8601 date and time with an offset, e.g. 2026-12-04T19:00:00Z.` });

const timeZone = z
  .string()
  .trim()
  .default('UTC')
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Time zone must be an IANA name such as America/Chicago.' },
  );

const eventFields = {
  name: z.string({ message: 'Name is required.' }).trim().min(1, { message: 'Name is required.' }).max(EVENT_NAME_MAX, { message: `Name must be at most ${EVENT_NAME_MAX} characters.` }),
  startDate: isoDate('Start date'),
  endDate: isoDate('End date'),
  timeZone,
  publishOnDate: isoDate('Publish date').nullish().transform((v) => v ?? null),
  contentType: z.string().trim().max(60).nullish().transform((v) => v ?? null),
  contentJson: z.string().max(EVENT_DESCRIPTION_MAX, { message: `The description must be at most ${EVENT_DESCRIPTION_MAX} characters.` }).nullish().transform((v) => v ?? null),
  externalEventType: z.string().trim().max(60).nullish().transform((v) => v ?? null),
  externalEventJson: z.string().max(20_000).nullish().transform((v) => v ?? null),
  venue: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
  area: AreaSchema,
  status: EventStatusSchema.default(0),
  tagIds: z.array(IdSchema).max(EVENT_TAGS_MAX, { message: `At most ${EVENT_TAGS_MAX} tags.` }).default([]),
};

const endAfterStart = (v: { startDate: string; endDate: string }) => Date.parse(v.endDate) > Date.parse(v.startDate);
const endMessage = { message: 'The end must be after the start.', path: ['endDate'] };
const notTooLong = (v: { startDate: string; endDate: string }) => Date.parse(v.endDate) - Date.parse(v.startDate) <= EVENT_MAX_DAYS * 86_400_000;
const lengthMessage = { message: `An event lasts at most ${EVENT_MAX_DAYS} days.`, path: ['endDate'] };

export const EventCreateSchema = z.object(eventFields).refine(endAfterStart, endMessage).refine(notTooLong, lengthMessage).meta({ id: 'EventCreate' });
export type EventCreate = z.input<typeof EventCreateSchema>;

export const EventUpdateSchema = z
  .object({ id: IdSchema, ...eventFields, flyerOrder: z.array(IdSchema).max(500).optional() })
  .refine(endAfterStart, endMessage)
  .refine(notTooLong, lengthMessage)
  .meta({ id: 'EventUpdate' });
export type EventUpdate = z.input<typeof EventUpdateSchema>;

export const EVENT_SEARCH_PAGE_SIZE = 50;
export const EVENT_SEARCH_MAX_DAYS = 366;
export const OrderBySchema = z.enum(['StartDate', 'Name', 'Updated', 'Distance']);

export const EventSearchRequestSchema = z
  .object({
    userId: IdSchema.nullish(),
    categoryId: IdSchema.nullish(),
    searchText: z.string().trim().max(200).nullish().transform((v) => v ?? ''),
    areaText: z.string().trim().max(200).nullish().transform((v) => v ?? ''),
    orderBy: OrderBySchema.default('StartDate'),
    isDescending: z.boolean().default(false),
    pageNumber: z.number().int().min(1).max(1000, { message: 'pageNumber must be 1 to 1000.' }).default(1),
    minLatitude: latitude.nullish(),
    maxLatitude: latitude.nullish(),
    minLongitude: longitude.nullish(),
    maxLongitude: longitude.nullish(),
    startDate: isoDate('Start date').nullish(),
    days: z.number().int().min(1, { message: 'days must be 1 to 366.' }).max(EVENT_SEARCH_MAX_DAYS, { message: 'days must be 1 to 366.' }).nullish(),
    includeCanceled: z.boolean().default(false),
  })
  .refine((v) => v.minLatitude == null || v.maxLatitude == null || v.minLatitude <= v.maxLatitude, {
    message: 'minLatitude must not be above maxLatitude.',
    path: ['minLatitude'],
  })
  .refine(
    (v) => [v.minLatitude, v.maxLatitude, v.minLongitude, v.maxLongitude].every((x) => x == null) || [v.minLatitude, v.maxLatitude, v.minLongitude, v.maxLongitude].every((x) => x != null),
    { message: 'Give all four box edges or none.', path: ['minLatitude'] },
  )
  .meta({ id: 'EventSearchRequest' });
export type EventSearchRequest = z.input<typeof EventSearchRequestSchema>;

export const EventSummarySchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    name: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    timeZone: z.string(),
    slug: z.string(),
    venue: z.string().nullable(),
    area: AreaSchema.nullable(),
    thumbnailPath: z.string().nullable(),
    status: EventStatusSchema,
    updated: z.string(),
    publishOnDate: z.string().nullable(),
    host: PartnerSchema,
    tags: z.array(TagSchema),
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof EventSummarySchema>;

export const EventSearchResultSchema = z
  .object({
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    searchText: z.string(),
    events: z.array(EventSummarySchema),
  })
  .meta({ id: 'EventSearchResult' });
export type EventSearchResult = z.infer<typeof EventSearchResultSchema>;

/** Every event in view as [id, longitude, latitude] triples, for clustering on the map. */
export const EVENT_POINTS_MAX = 100_000;
export const EventPointsResultSchema = z
  .object({ totalCount: z.number().int(), truncated: z.boolean(), points: z.array(z.tuple([z.string(), z.number(), z.number()])) })
  .meta({ id: 'EventPointsResult' });
export type EventPointsResult = z.infer<typeof EventPointsResultSchema>;

export const EventListSchema = z.object({ events: z.array(EventSummarySchema.extend({ followLinkId: z.uuid().nullable() })) }).meta({ id: 'EventList' });
export type EventList = z.infer<typeof EventListSchema>;

export const EventLinkCreateSchema = z.object({ eventId: IdSchema, type: LinkTypeSchema }).meta({ id: 'EventLinkCreate' });
export const EventLinkSchema = z
  .object({ id: z.uuid(), eventId: z.uuid(), userId: z.uuid(), userName: z.string(), type: LinkTypeSchema, created: z.string() })
  .meta({ id: 'EventLink' });
export type EventLink = z.infer<typeof EventLinkSchema>;
export const EventLinkSearchSchema = z
  .object({ eventId: IdSchema.nullish(), userId: IdSchema.nullish(), type: LinkTypeSchema.nullish(), pageNumber: z.number().int().min(1).max(1000).default(1) })
  .meta({ id: 'EventLinkSearch' });
export const EventLinkSearchResultSchema = z
  .object({ totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int(), links: z.array(EventLinkSchema.extend({ event: EventSummarySchema })) })
  .meta({ id: 'EventLinkSearchResult' });
export type EventLinkSearchResult = z.infer<typeof EventLinkSearchResultSchema>;
export const IdResultSchema = z.object({ id: z.uuid() }).meta({ id: 'IdResult' });

export const EventTagSchema = z.object({ eventId: IdSchema, tagId: IdSchema }).meta({ id: 'EventTag' });
export const TagSearchSchema = z
  .object({ searchText: z.string().trim().max(60).default(''), categoryId: IdSchema.nullish() })
  .meta({ id: 'TagSearch' });

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
    zoom: z.number().min(0).max(22),
    minLatitude: latitude.nullish(),
    maxLatitude: latitude.nullish(),
    minLongitude: longitude.nullish(),
    maxLongitude: longitude.nullish(),
    limit: z.number().int().min(1).max(200).default(50),
  })
  .refine((v) => v.minLatitude == null || v.maxLatitude == null || v.minLatitude <= v.maxLatitude, {
    message: 'minLatitude must not be above maxLatitude.',
    path: ['minLatitude'],
  })
  .refine(
    (v) => [v.minLatitude, v.maxLatitude, v.minLongitude, v.maxLongitude].every((x) => x == null) || [v.minLatitude, v.maxLatitude, v.minLongitude, v.maxLongitude].every((x) => x != null),
    { message: 'Give all four box edges or none.', path: ['minLatitude'] },
  )
  .meta({ id: 'AreaCitiesRequest' });
