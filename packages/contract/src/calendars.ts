import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { PartnerKeySchema } from './attractions.js';
import { IdParamsSchema, IdSchema, OkSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { latitude, longitude } from './geo.js';
import { CalendarAlertSchema } from './notifications.js';

// Calendars: named, saved views of events that follow their owner into the calendar app they
// already use, through a secret iCalendar feed address. Each counts towards calendarCapacity.

export const CALENDAR_NAME_MAX = 80;
/** How far ahead a saved search looks, in days; also its default. */
export const CALENDAR_DAYS_MAX = 366;
export const CALENDAR_DAYS_DEFAULT = 30;
/** Most events one feed carries (the soonest first). */
export const CALENDAR_FEED_MAX_EVENTS = 1000;
/** Past events a feed keeps, in days, so a calendar app does not drop what just happened. */
export const CALENDAR_FEED_PAST_DAYS = 30;

/**
 * - `search`: a saved search (text, category, a map box, how far ahead);
 * - `following`: the events I follow;
 * - `hosts`: the events of the people I follow;
 * - `mine`: my own events;
 * - `going`: the events I hold a seat at (Going, confirmed).
 */
export const CALENDAR_KINDS = ['search', 'following', 'hosts', 'mine', 'going'] as const;
export const CalendarKindSchema = z.enum(CALENDAR_KINDS, { message: `kind is one of ${CALENDAR_KINDS.join(', ')}.` }).meta({ id: 'CalendarKind' });
export type CalendarKind = z.infer<typeof CalendarKindSchema>;
export const CALENDAR_KIND_LABELS: Record<CalendarKind, string> = {
  search: 'Saved search',
  following: 'Events I follow',
  hosts: 'Events by people I follow',
  mine: 'My events',
  going: 'Events I’m going to',
};

const boxMessage = 'The box needs minLatitude ≤ maxLatitude.';
export const CalendarBoxSchema = z
  .object({ minLatitude: latitude, maxLatitude: latitude, minLongitude: longitude, maxLongitude: longitude })
  .refine((b) => b.minLatitude <= b.maxLatitude, { message: boxMessage })
  .meta({ id: 'CalendarBox' });

/** What a saved search keeps: the search page's filters. Absent ones match everything. */
export const CalendarQuerySchema = z
  .object({
    searchText: z.string().trim().max(200).nullish().transform((v) => v || null),
    /** A place typed into the search (city, state), matched like the search's area text. */
    areaText: z.string().trim().max(200).nullish().transform((v) => v || null),
    categoryId: IdSchema.nullish().transform((v) => v ?? null),
    // The partners drawer's choices, left out when not made (as saved searches from before them are).
    /** One host's events only. */
    userId: IdSchema.nullish().transform((v) => v ?? undefined).optional(),
    /** Events naming this partner or sponsor in their line-up, any case (kept lower-cased). */
    partner: PartnerKeySchema.transform((v) => v ?? undefined).optional(),
    /** The map's view when the search was saved; null for anywhere. */
    box: CalendarBoxSchema.nullish().transform((v) => v ?? null),
    days: z
      .number({ message: `days must be 1 to ${CALENDAR_DAYS_MAX}.` })
      .int()
      .min(1, { message: `days must be 1 to ${CALENDAR_DAYS_MAX}.` })
      .max(CALENDAR_DAYS_MAX, { message: `days must be 1 to ${CALENDAR_DAYS_MAX}.` })
      .default(CALENDAR_DAYS_DEFAULT),
  })
  .meta({ id: 'CalendarQuery' });
export type CalendarQuery = z.output<typeof CalendarQuerySchema>;
export type CalendarQueryInput = z.input<typeof CalendarQuerySchema>;

const name = z
  .string({ message: 'Name is required.' })
  .trim()
  .min(1, { message: 'Name is required.' })
  .max(CALENDAR_NAME_MAX, { message: `Name must be at most ${CALENDAR_NAME_MAX} characters.` });

/**
 * Whether a `mine` calendar also carries its owner's drafts (events whose publish date has not
 * come). Off unless chosen: a feed address is handed to calendar services, and anyone holding it
 * reads the feed. Every other feed carries only what everyone may see.
 */
const includeDrafts = z.boolean({ message: 'includeDrafts is true or false.' });
export const INCLUDE_DRAFTS_KIND_MESSAGE = 'Only a My events calendar can include drafts.';

export const CalendarCreateSchema = z
  .object({
    name,
    kind: CalendarKindSchema,
    query: CalendarQuerySchema.nullish().transform((v) => v ?? null),
    alert: CalendarAlertSchema.default('off'),
    includeDrafts: includeDrafts.default(false),
  })
  .superRefine((v, ctx) => {
    if (v.kind === 'search' && !v.query) ctx.addIssue({ code: 'custom', path: ['query'], message: 'A saved search needs its query.' });
    if (v.kind !== 'search' && v.query) ctx.addIssue({ code: 'custom', path: ['query'], message: 'Only a saved search has a query.' });
    if (v.kind !== 'mine' && v.includeDrafts) ctx.addIssue({ code: 'custom', path: ['includeDrafts'], message: INCLUDE_DRAFTS_KIND_MESSAGE });
  })
  .meta({ id: 'CalendarCreate' });
export type CalendarCreate = z.input<typeof CalendarCreateSchema>;

export const CalendarUpdateSchema = z
  .object({ id: IdSchema, name: name.optional(), query: CalendarQuerySchema.optional(), alert: CalendarAlertSchema.optional(), includeDrafts: includeDrafts.optional() })
  .meta({ id: 'CalendarUpdate' });
export type CalendarUpdate = z.input<typeof CalendarUpdateSchema>;

export const CalendarSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    kind: CalendarKindSchema,
    query: CalendarQuerySchema.nullable(),
    /** Whether new events in it are emailed to its owner, and how often. */
    alert: CalendarAlertSchema,
    /** A `mine` calendar's choice to carry its owner's drafts too; false for every other kind (and when absent). */
    includeDrafts: z.boolean().default(false),
    /** The secret feed address: anyone holding it reads the calendar. Regenerating the token ends it. */
    feedUrl: z.string(),
    /** The same address for calendar apps (`webcal://`), which subscribe when it is opened. */
    webcalUrl: z.string(),
    created: z.string(),
    updated: z.string(),
  })
  .meta({ id: 'Calendar' });
export type Calendar = z.infer<typeof CalendarSchema>;

export const CalendarListSchema = z.object({ calendars: z.array(CalendarSchema) }).meta({ id: 'CalendarList' });
export type CalendarList = z.infer<typeof CalendarListSchema>;

export const CalendarFeedParamsSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, { message: 'Not a calendar address.' }),
});

export const calendarsApi = defineEndpoints('calendars', {
  list: endpoint('GET', `${ENGINE}/calendar/`, { summary: 'Your calendars, newest first', auth: 'bearer', answer: CalendarListSchema, problems: [400, 404] }),
  create: endpoint('POST', `${ENGINE}/calendar/`, {
    summary: "Create a calendar (within the plan's calendarCapacity: 403 plan_limit beyond it)",
    auth: 'bearer',
    body: CalendarCreateSchema,
    answer: CalendarSchema,
    problems: [400, 404],
  }),
  update: endpoint('POST', `${ENGINE}/calendar/update/`, {
    summary: "Rename a calendar, change a saved search's query or its email alerts, or choose whether a My events calendar includes drafts",
    auth: 'bearer',
    body: CalendarUpdateSchema,
    answer: CalendarSchema,
    problems: [400, 404],
  }),
  delete: endpoint('DELETE', `${ENGINE}/calendar/:id`, {
    summary: 'Delete a calendar; its feed address answers 404 from then on',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: OkSchema,
    problems: [400, 404],
  }),
  newToken: endpoint('POST', `${ENGINE}/calendar/:id/token`, {
    summary: 'A new secret feed address; the old one answers 404 from now on',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: CalendarSchema,
    problems: [400, 404],
  }),
  /** A text/calendar attachment (no JSON answer); a draft only for its host. */
  eventIcs: endpoint('GET', `${ENGINE}/event/ics/:id`, {
    produces: 'text/calendar',
    summary: 'One event as an iCalendar file (Add to calendar)',
    auth: 'optional',
    params: IdParamsSchema,
    problems: [400, 401, 403, 404],
  }),
  /**
   * The feeds calendar apps subscribe to (text/calendar): no tenant header and no sign-in (the
   * secret address is the key), so they live outside the API's prefixes.
   */
  feed: endpoint('GET', '/feeds/:token.ics', {
    secretPath: true,
    produces: 'text/calendar',
    summary: 'A calendar as iCalendar (RFC 5545), at its secret address; 304 when unchanged',
    params: CalendarFeedParamsSchema,
    problems: [400, 404],
  }),
});
