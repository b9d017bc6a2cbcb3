import { z } from 'zod';
import { AttractionSchema, PartnerKeySchema } from './attractions.js';
import { ChatMessageSchema } from './chats.js';
import { EventRoleSchema } from './co-hosts.js';
import { ENGINE } from './api-prefixes.js';
import { AreaSchema } from './areas.js';
import { IdParamsSchema, IdSchema, OkSchema, PageNumberSchema } from './common.js';
import { TimeZoneSchema, isoDate } from './dates.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { FlyerSchema } from './flyers.js';
import { boxFields, checkBox } from './geo.js';
import { EventTagSchema, TagSchema } from './tags.js';

export const EventStatus = { Created: 0, Started: 1, Completed: 2, Canceled: 3 } as const;
export const EventStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);
export type EventStatusValue = z.infer<typeof EventStatusSchema>;

export const PartnerSchema = z.object({ id: z.uuid(), name: z.string() }).meta({ id: 'Partner' });
export type Partner = z.infer<typeof PartnerSchema>;

/** Why an event is hidden, as its owner and the admins see it; null when it is not. */
export const EventHiddenSchema = z
  .object({
    /** `moderator`: hidden by an admin; `suspension`: its host is suspended (lifting the suspension shows it again). */
    by: z.enum(['moderator', 'suspension']),
    reason: z.string(),
    at: z.string(),
  })
  .meta({ id: 'EventHidden' });
export type EventHidden = z.infer<typeof EventHiddenSchema>;

// An event's links (links.ts) as the event counts them; here, not in links.ts, because the links'
// own answers embed events (links.ts imports this file, and an import cycle would break both).
export const LinkCountsSchema = z.object({ Star: z.number().int(), Follow: z.number().int(), Attendee: z.number().int() });
export const MyLinksSchema = z.object({ Star: z.uuid().nullable(), Follow: z.uuid().nullable(), Attendee: z.uuid().nullable() });

/**
 * Who may see an event (issue 28): `public`, everyone, and it is listed (search, map, feeds, the
 * host's page); `unlisted`, anyone with its link, listed nowhere; `invite`, only its host and the
 * people they invited (by email, or who opened an invitation link), and 404 for everyone else.
 */
export const EventVisibilities = ['public', 'unlisted', 'invite'] as const;
export const EventVisibilitySchema = z.enum(EventVisibilities, { message: 'Visibility is public, unlisted or invite.' });
export type EventVisibility = z.infer<typeof EventVisibilitySchema>;

/** The spec's Event; flyers come in the host's flyerOrder, attractions in the host's line-up order. */
/** The series a date belongs to (issue 29): lists show a series once, with its rule in words. */
export const SeriesBriefSchema = z
  .object({
    id: z.uuid(),
    /** The repeat rule (RFC 5545 RRULE without DTSTART), for example `FREQ=WEEKLY;BYDAY=TU`. */
    rule: z.string(),
  })
  .meta({ id: 'SeriesBrief' });
export type SeriesBrief = z.infer<typeof SeriesBriefSchema>;

/**
 * Where an event comes from when another server published it (not in the spec): its page there.
 * Such an event is shown with its origin and links to it; people say Going there, not here
 * (modules/federation follows other servers). Null for this server's own events.
 */
export const EventOriginSchema = z.string().nullable();

/** The server an event comes from, as people name it (`other.example`), from its origin page's address. */
export const originHost = (origin: string) => origin.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/[/?#].*$/, '');

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
    /** The line-up, in the host's order (attractions.ts). */
    attractions: z.array(AttractionSchema),
    flyers: z.array(FlyerSchema),
    flyerOrder: z.array(z.string()),
    tags: z.array(TagSchema),
    updated: z.string(),
    thumbnailPath: z.string().nullable(),
    timelines: z.array(z.unknown()),
    /** The last messages of the buzz's chat (CHAT_HISTORY_SIZE at most, oldest first) for a signed-in viewer; empty for visitors. */
    chats: z.array(ChatMessageSchema),
    isFollowingId: z.uuid().nullable(),
    status: EventStatusSchema,
    host: PartnerSchema,
    linkCounts: LinkCountsSchema,
    myLinks: MyLinksSchema,
    /** Set when moderators hid the event; only its owner still sees it, with this reason. */
    hidden: EventHiddenSchema.nullable(),
    /** Who may see it (not in the spec; see EventVisibilities). */
    visibility: EventVisibilitySchema,
    /** The series this event is a date of (series.ts; not in the spec); null for a one-off. */
    seriesId: z.uuid().nullable(),
    series: SeriesBriefSchema.nullable(),
    /** The viewer's part in it (not in the spec): host, co-host or check-in (co-hosts.ts); null for everyone else. */
    myRole: EventRoleSchema.nullable(),
    origin: EventOriginSchema,
  })
  .meta({ id: 'Event' });
export type HubEvent = z.infer<typeof EventSchema>;

export const EVENT_NAME_MAX = 120;
export const EVENT_TAGS_MAX = 20;
/** Longest event; it bounds how far back a date-window search must look for events still running. */
export const EVENT_MAX_DAYS = 31;
export const EVENT_DESCRIPTION_MAX = 20_000;

const eventFields = {
  name: z.string({ message: 'Name is required.' }).trim().min(1, { message: 'Name is required.' }).max(EVENT_NAME_MAX, { message: `Name must be at most ${EVENT_NAME_MAX} characters.` }),
  startDate: isoDate('Start date'),
  endDate: isoDate('End date'),
  timeZone: TimeZoneSchema,
  publishOnDate: isoDate('Publish date').nullish().transform((v) => v ?? null),
  contentType: z.string().trim().max(60).nullish().transform((v) => v ?? null),
  contentJson: z.string().max(EVENT_DESCRIPTION_MAX, { message: `The description must be at most ${EVENT_DESCRIPTION_MAX} characters.` }).nullish().transform((v) => v ?? null),
  externalEventType: z.string().trim().max(60).nullish().transform((v) => v ?? null),
  externalEventJson: z.string().max(20_000).nullish().transform((v) => v ?? null),
  venue: z.string().trim().max(200).nullish().transform((v) => (v ? v : null)),
  area: AreaSchema,
  /**
   * Canceled (3) cancels the event: its live session stops and its followers and attendees are
   * told. Started and Completed belong to the live session (the buzz's Start and Stop), so a
   * create or update keeps them as the session left them; any other value on a canceled event
   * reinstates it as Created. On an update, absent keeps the status as it is.
   */
  status: EventStatusSchema.default(0).meta({
    description:
      'Canceled (3) cancels the event (its live session stops; followers and attendees are told). Started (1) and Completed (2) are set by the live session only: otherwise they are kept as they are. Any other value on a canceled event reinstates it as Created (0). On an update, absent keeps the status.',
  }),
  tagIds: z.array(IdSchema).max(EVENT_TAGS_MAX, { message: `At most ${EVENT_TAGS_MAX} tags.` }).default([]),
};

const endAfterStart = (v: { startDate: string; endDate: string }) => Date.parse(v.endDate) > Date.parse(v.startDate);
const endMessage = { message: 'The end must be after the start.', path: ['endDate'] };
const notTooLong = (v: { startDate: string; endDate: string }) => Date.parse(v.endDate) - Date.parse(v.startDate) <= EVENT_MAX_DAYS * 86_400_000;
const lengthMessage = { message: `An event lasts at most ${EVENT_MAX_DAYS} days.`, path: ['endDate'] };

export const EventCreateSchema = z.object(eventFields).refine(endAfterStart, endMessage).refine(notTooLong, lengthMessage).meta({ id: 'EventCreate' });
export type EventCreate = z.input<typeof EventCreateSchema>;

/** What a change to many dates at once carries (a series' dates: series.ts): the details, not the dates. */
export const EventDetailsSchema = z
  .object(eventFields)
  .pick({ name: true, contentType: true, contentJson: true, venue: true, area: true, tagIds: true })
  .meta({ id: 'EventDetails' });
export type EventDetails = z.input<typeof EventDetailsSchema>;

export const EventUpdateSchema = z
  .object({ id: IdSchema, ...eventFields, status: eventFields.status.unwrap().optional(), flyerOrder: z.array(IdSchema).max(500).optional() })
  .refine(endAfterStart, endMessage)
  .refine(notTooLong, lengthMessage)
  .meta({ id: 'EventUpdate' });
export type EventUpdate = z.input<typeof EventUpdateSchema>;

export const EVENT_SEARCH_PAGE_SIZE = 50;
/** Most live events event/live/ lists. */
export const EVENT_LIVE_LIST_MAX = 20;
export const EVENT_SEARCH_MAX_DAYS = 366;
export const OrderBySchema = z.enum(['StartDate', 'Name', 'Updated', 'Distance']);

const searchTextField = z.string().trim().max(200).nullish().transform((v) => v ?? '');
const daysMessage = { message: 'days must be 1 to 366.' };

export const EventSearchRequestSchema = z
  .object({
    userId: IdSchema.nullish(),
    partner: PartnerKeySchema,
    categoryId: IdSchema.nullish(),
    searchText: searchTextField,
    areaText: searchTextField,
    orderBy: OrderBySchema.default('StartDate'),
    isDescending: z.boolean().default(false),
    pageNumber: z.number().int().min(1).max(1000, { message: 'pageNumber must be 1 to 1000.' }).default(1),
    ...boxFields,
    startDate: isoDate('Start date').nullish(),
    days: z.number().int().min(1, daysMessage).max(EVENT_SEARCH_MAX_DAYS, daysMessage).nullish(),
    includeCanceled: z.boolean().default(false),
    live: z.boolean().default(false).meta({ description: 'Only events whose buzz runs now (status Started), within the window and box as ever.' }),
  })
  .superRefine(checkBox)
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
    /** The series this date belongs to; search lists a series once, at its next matching date. */
    series: SeriesBriefSchema.nullable(),
    origin: EventOriginSchema,
  })
  .meta({ id: 'EventSummary' });
export type EventSummary = z.infer<typeof EventSummarySchema>;

export const EventSearchResultSchema = z
  .object({
    totalCount: z
      .number()
      .int()
      .meta({
        description:
          'How many events match. Exact up to 1,000 matches (and on the last page of any search); beyond that an estimate, extrapolated from the first 1,000 matches by start date over the window, and totalCountIsEstimate is true. It is always at least the number of events up to the end of this page, and more than that when another page follows.',
      }),
    totalCountIsEstimate: z
      .boolean()
      .optional()
      .meta({ description: 'True when totalCount is an estimate (more than 1,000 matches); false or absent when it is exact.' }),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    searchText: z.string(),
    events: z.array(EventSummarySchema),
  })
  .meta({ id: 'EventSearchResult' });
export type EventSearchResult = z.infer<typeof EventSearchResultSchema>;

export const EventListSchema = z.object({ events: z.array(EventSummarySchema.extend({ followLinkId: z.uuid().nullable() })) }).meta({ id: 'EventList' });
export type EventList = z.infer<typeof EventListSchema>;

/**
 * A person's public events (published, not hidden by moderators), as their page lists them:
 * `upcoming` (not ended yet) soonest first, or `past` latest first. The two totals add up to the
 * person's eventCount.
 */
export const PERSON_EVENTS_PAGE_SIZE = 20;
export const PersonEventsWhenSchema = z.enum(['upcoming', 'past'], { message: 'when must be upcoming or past.' });
export type PersonEventsWhen = z.infer<typeof PersonEventsWhenSchema>;
export const PersonEventsQuerySchema = z.object({ when: PersonEventsWhenSchema.default('upcoming'), pageNumber: PageNumberSchema });
export const PersonEventsSchema = z
  .object({
    when: PersonEventsWhenSchema,
    totalCount: z.number().int(),
    pageNumber: z.number().int(),
    pageSize: z.number().int(),
    events: z.array(EventSummarySchema),
  })
  .meta({ id: 'PersonEvents' });
export type PersonEvents = z.infer<typeof PersonEventsSchema>;

/**
 * Vector tiles of events (Mapbox Vector Tile 2.1, one layer): the search's filters as query
 * parameters, the tile's box in place of the map box. Each feature is a point standing for
 * the events of one grid cell of the tile; see EVENT_TILE_LAYER.
 */
export const EVENT_TILE_MAX_ZOOM = 22;
/**
 * The one layer of an event tile: a point per grid cell (EVENT_TILE_GRID² a tile) holding events, at their mean
 * position. Properties: `count` (exact for the filters); when count is 1, `id` (the event's id); when
 * count > 1, `x0`, `y0`, `x1`, `y1`: the extent of the cell's events in tile units, inclusive (to zoom to);
 * `live`, only on cells holding events whose buzz runs now (status Started): how many.
 */
export const EVENT_TILE_LAYER = 'events';
export const EVENT_TILE_EXTENT = 4096;

const tileNumber = (name: string, max: number) =>
  z
    .string()
    .regex(/^\d{1,10}$/, { message: `${name} must be a whole number from 0.` })
    .transform(Number)
    .pipe(z.number().max(max, { message: `${name} must be 0 to ${max}.` }));

/** z 0..22; x and y 0..2^z-1. */
export const EventTileParamsSchema = z
  .object({ z: tileNumber('z', EVENT_TILE_MAX_ZOOM), x: tileNumber('x', 2 ** EVENT_TILE_MAX_ZOOM - 1), y: tileNumber('y', 2 ** EVENT_TILE_MAX_ZOOM - 1) })
  .superRefine((v, ctx) => {
    const n = 2 ** v.z;
    if (v.x >= n) ctx.addIssue({ code: 'custom', message: `x must be 0 to ${n - 1} at zoom ${v.z}.`, path: ['x'] });
    if (v.y >= n) ctx.addIssue({ code: 'custom', message: `y must be 0 to ${n - 1} at zoom ${v.z}.`, path: ['y'] });
  });
export type EventTileParams = z.output<typeof EventTileParamsSchema>;

/** The search's filters as query strings (`?categoryId=..&days=7&includeCanceled=true&live=true`); absent ones are the search's defaults. */
export const EventTileQuerySchema = z
  .object({
    userId: IdSchema.optional(),
    partner: PartnerKeySchema,
    categoryId: IdSchema.optional(),
    searchText: searchTextField,
    areaText: searchTextField,
    startDate: isoDate('Start date').optional(),
    days: z
      .string()
      .regex(/^\d{1,3}$/, daysMessage)
      .transform(Number)
      .pipe(z.number().min(1, daysMessage).max(EVENT_SEARCH_MAX_DAYS, daysMessage))
      .optional(),
    includeCanceled: z.stringbool({ error: 'includeCanceled must be true or false.' }).default(false),
    live: z.stringbool({ error: 'live must be true or false.' }).default(false),
  });
export type EventTileQuery = z.input<typeof EventTileQuerySchema>;

/** How many events in view the partners drawer counts at most (the first by start); a whole-country view has far more. */
export const EVENT_PARTNERS_SCAN_MAX = 5000;
/** How many hosts, and how many partners, the drawer lists at most (those with the most events first). */
export const EVENT_PARTNERS_LIST_MAX = 30;

/** The people and organisations behind the events of a search: the spec's partners drawer. */
export const EventPartnersSchema = z
  .object({
    hosts: z.array(z.object({ userId: z.uuid(), name: z.string(), events: z.number().int() })),
    /** Partners and sponsors of the line-ups, one per name (any case); `key` is the search's `partner` value. */
    partners: z.array(
      z.object({ key: z.string(), name: z.string(), kind: z.enum(['partner', 'sponsor']), picturePath: z.string().nullable(), events: z.number().int() }),
    ),
    /** Events counted: all in view, or the first EVENT_PARTNERS_SCAN_MAX by start when `complete` is false. */
    counted: z.number().int(),
    complete: z.boolean(),
  })
  .meta({ id: 'EventPartners' });
export type EventPartners = z.infer<typeof EventPartnersSchema>;

/** The event and tag of DELETE event/tag/:eventId/:tagId. */
export const EventTagParamsSchema = z.object({ eventId: IdSchema, tagId: IdSchema });

export const eventsApi = defineEndpoints('events', {
  // Signed-in viewers also find their own drafts; the route reads the optional login itself (see its handler).
  search: endpoint('POST', `${ENGINE}/event/search/`, {
    summary: 'Search published events in a box and date window (50 per page; the window defaults to 30 days from now)',
    body: EventSearchRequestSchema,
    answer: EventSearchResultSchema,
    problems: [400, 401, 403, 404],
  }),
  partners: endpoint('POST', `${ENGINE}/event/partners/`, {
    summary: `The hosts and the line-ups' partners and sponsors of a search's events, with how many of them are theirs (at most ${EVENT_PARTNERS_LIST_MAX} of each)`,
    auth: 'optional',
    body: EventSearchRequestSchema,
    answer: EventPartnersSchema,
    problems: [400, 401, 403, 404],
  }),
  // `tile` (a vector tile, or 304) and `export` (an HTML file) answer files: `produces` says which.
  tile: endpoint('GET', `${ENGINE}/event/tiles/:z/:x/:y`, {
    produces: 'application/vnd.mapbox-vector-tile',
    summary: `Events as a Mapbox vector tile: layer "events", one point per grid cell with its exact count (and the event's id when alone); the search's filters as query parameters`,
    auth: 'optional',
    params: EventTileParamsSchema,
    query: EventTileQuerySchema,
    problems: [400, 401, 403, 404],
  }),
  mine: endpoint('GET', `${ENGINE}/event/mine/`, { summary: 'Your events, drafts included, soonest first', auth: 'bearer', answer: EventListSchema, problems: [400, 404] }),
  following: endpoint('GET', `${ENGINE}/event/following/`, { summary: 'Events you follow, soonest first', auth: 'bearer', answer: EventListSchema, problems: [400, 404] }),
  live: endpoint('GET', `${ENGINE}/event/live/`, {
    summary: `Events whose buzz runs now that you may see, soonest first (at most ${EVENT_LIVE_LIST_MAX})`,
    auth: 'bearer',
    answer: EventListSchema,
    problems: [400, 404],
  }),
  /** No sign-in: the same for everyone, as the person's page shows it. */
  ofPerson: endpoint('GET', `${ENGINE}/event/person/:id`, {
    summary: "A person's public events: upcoming (soonest first) or past (latest first), 20 per page",
    params: IdParamsSchema,
    query: PersonEventsQuerySchema,
    answer: PersonEventsSchema,
    problems: [400, 404],
  }),
  tag: endpoint('POST', `${ENGINE}/event/tag/`, { summary: 'Tag one of your events', auth: 'bearer', body: EventTagSchema, answer: OkSchema, problems: [400, 404] }),
  untag: endpoint('DELETE', `${ENGINE}/event/tag/:eventId/:tagId`, {
    summary: 'Remove a tag from one of your events',
    auth: 'bearer',
    params: EventTagParamsSchema,
    answer: OkSchema,
    problems: [400, 404],
  }),
  get: endpoint('GET', `${ENGINE}/event/:id`, { summary: 'One event', auth: 'optional', params: IdParamsSchema, answer: EventSchema, problems: [400, 401, 403, 404] }),
  create: endpoint('POST', `${ENGINE}/event/`, {
    summary: "Create an event (within the plan's eventCapacity)",
    auth: 'bearer',
    body: EventCreateSchema,
    answer: EventSchema,
    problems: [400, 404],
  }),
  update: endpoint('POST', `${ENGINE}/event/update/`, { summary: 'Update one of your events', auth: 'bearer', body: EventUpdateSchema, answer: EventSchema, problems: [400, 404] }),
  cancel: endpoint('POST', `${ENGINE}/event/cancel/:id`, {
    summary: 'Cancel one of your events: its live session stops, and its followers and attendees are told (as an update with status Canceled does)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: EventSchema,
    problems: [400, 404, 409],
  }),
  delete: endpoint('DELETE', `${ENGINE}/event/:id`, { summary: 'Delete one of your events', auth: 'bearer', params: IdParamsSchema, answer: OkSchema, problems: [400, 404] }),
  setThumbnail: endpoint('POST', `${ENGINE}/event/thumbnail/:id`, {
    summary: 'Upload the thumbnail (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: EventSchema,
    problems: [400, 404, 413, 415],
    consumes: ['multipart/form-data'],
  }),
  removeThumbnail: endpoint('DELETE', `${ENGINE}/event/thumbnail/:id`, {
    summary: 'Remove the thumbnail',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: EventSchema,
    problems: [400, 404],
  }),
  export: endpoint('GET', `${ENGINE}/event/export/:id`, {
    produces: 'text/html',
    summary: 'Download an event as one self-contained HTML file (needs the Download.HTML add-on)',
    auth: 'bearer',
    params: IdParamsSchema,
    problems: [400, 404],
  }),
});

/** The filters of a tile URL (see EventTileQuerySchema). */
export type TileQuery = Record<string, string | number | boolean | null | undefined>;

/** `?a=1&b=2` of the given filters, absent and empty ones left out, keys in order (so equal filters make one URL, one cache entry). */
export function tileQueryString(query: TileQuery = {}): string {
  const entries = Object.entries(query)
    .filter(([, v]) => v !== undefined && v !== null && v !== '')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return entries.length ? `?${entries.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(String(v))}`).join('&')}` : '';
}

/** The URL template of the event tiles, `{z}/{x}/{y}` left for MapLibre to fill in (prefix the origin: MapLibre wants absolute URLs). */
export function eventTilesTemplate(query?: TileQuery): string {
  return eventsApi.tile.path.replace(/:([xyz])/g, '{$1}') + tileQueryString(query);
}
