import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdParamsSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';

// Going (issue 28): a person says Going to an event, with guests if the host allows; a host may set
// a capacity, and a full event puts people on a waitlist that promotes itself. The spec's Attendee
// link is what a confirmed seat shows as everywhere else (counts, reminders, the home page).

/** Seats an event may offer: enough for a stadium, few enough to count. */
export const GOING_CAPACITY_MAX = 100_000;
/** Guests a host may let each person bring. */
export const GOING_GUESTS_MAX = 10;
/** How long a promoted person has to confirm the seat offered to them, in hours (at most a week). */
export const GOING_OFFER_HOURS_MAX = 168;
export const GOING_OFFER_HOURS_DEFAULT = 24;
/** Rows of the host's attendee list per page. */
export const GOING_PEOPLE_PAGE = 100;

/**
 * Where a person stands: `going` holds a seat; `waitlisted` waits in line; `offered` was promoted
 * from the line and holds a seat until they confirm it or the offer lapses.
 */
export const GoingStates = ['going', 'waitlisted', 'offered'] as const;
export const GoingStateSchema = z.enum(GoingStates);
export type GoingState = z.infer<typeof GoingStateSchema>;

export const GoingSettingsSchema = z
  .object({
    capacity: z
      .number({ message: 'Capacity must be a whole number of seats.' })
      .int({ message: 'Capacity must be a whole number of seats.' })
      .min(1, { message: 'Capacity must be at least 1 seat.' })
      .max(GOING_CAPACITY_MAX, { message: `Capacity can be at most ${GOING_CAPACITY_MAX.toLocaleString('en-US')} seats.` })
      .nullable(),
    maxGuests: z
      .number()
      .int({ message: 'Guests must be a whole number.' })
      .min(0, { message: 'Guests cannot be negative.' })
      .max(GOING_GUESTS_MAX, { message: `At most ${GOING_GUESTS_MAX} guests per person.` }),
    offerHours: z
      .number()
      .int({ message: 'The time to confirm must be whole hours.' })
      .min(1, { message: 'Give people at least an hour to confirm.' })
      .max(GOING_OFFER_HOURS_MAX, { message: `The time to confirm can be at most ${GOING_OFFER_HOURS_MAX} hours (a week).` }),
  })
  .meta({ id: 'GoingSettings' });
export type GoingSettings = z.infer<typeof GoingSettingsSchema>;

export const GoingRequestSchema = z
  .object({
    guests: z
      .number()
      .int({ message: 'Guests must be a whole number.' })
      .min(0, { message: 'Guests cannot be negative.' })
      .max(GOING_GUESTS_MAX, { message: `At most ${GOING_GUESTS_MAX} guests.` })
      .default(0),
  })
  .meta({ id: 'GoingRequest' });
export type GoingRequest = z.infer<typeof GoingRequestSchema>;

export const MyGoingSchema = z
  .object({
    state: GoingStateSchema,
    guests: z.number().int(),
    /** Place in line (1 is next), when waitlisted. */
    place: z.number().int().nullable(),
    /** When an offered seat passes to the next in line unless confirmed (ISO 8601). */
    offerUntil: z.string().nullable(),
  })
  .meta({ id: 'MyGoing' });
export type MyGoing = z.infer<typeof MyGoingSchema>;

export const GoingSummarySchema = z
  .object({
    eventId: z.uuid(),
    /** People holding a seat (going or offered), without their guests. */
    going: z.number().int(),
    /** Seats taken: people holding a seat and their guests. */
    seatsTaken: z.number().int(),
    waitlisted: z.number().int(),
    settings: GoingSettingsSchema,
    /** The viewer's own standing; null when signed out or not going. */
    mine: MyGoingSchema.nullable(),
  })
  .meta({ id: 'GoingSummary' });
export type GoingSummary = z.infer<typeof GoingSummarySchema>;

export const GoingPersonSchema = z
  .object({
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    state: GoingStateSchema,
    guests: z.number().int(),
    place: z.number().int().nullable(),
    offerUntil: z.string().nullable(),
    since: z.string(),
  })
  .meta({ id: 'GoingPerson' });
export type GoingPerson = z.infer<typeof GoingPersonSchema>;

export const GoingPeopleQuerySchema = z
  .object({
    q: z.string().trim().max(100, { message: 'Search at most 100 characters.' }).optional(),
    state: GoingStateSchema.optional(),
    pageNumber: z.coerce.number().int().min(1).max(10_000).default(1),
  });

export const GoingPeopleSchema = z
  .object({ totalCount: z.number().int(), pageNumber: z.number().int(), pageSize: z.number().int(), people: z.array(GoingPersonSchema) })
  .meta({ id: 'GoingPeople' });
export type GoingPeople = z.infer<typeof GoingPeopleSchema>;

export const goingApi = defineEndpoints('going', {
  get: endpoint('GET', `${ENGINE}/event/:id/going`, {
    summary: "How many are going, the capacity and waitlist, and the viewer's own standing",
    auth: 'optional',
    params: IdParamsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  say: endpoint('PUT', `${ENGINE}/event/:id/going`, {
    summary: 'Say Going (or change your guests): a seat when one is free, otherwise a place on the waitlist',
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingRequestSchema,
    answer: GoingSummarySchema,
    problems: [400, 404, 409],
  }),
  leave: endpoint('DELETE', `${ENGINE}/event/:id/going`, {
    summary: 'Not going any more (gives back a seat, an offered seat or a place in line); the next in line is promoted',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  confirm: endpoint('POST', `${ENGINE}/event/:id/going/confirm`, {
    summary: 'Confirm the seat offered to you from the waitlist',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404, 409],
  }),
  settings: endpoint('PUT', `${ENGINE}/event/:id/going/settings`, {
    summary: "The host sets the capacity, guests per person and the time to confirm an offered seat; raising the capacity promotes from the waitlist",
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingSettingsSchema,
    answer: GoingSummarySchema,
    problems: [400, 404],
  }),
  people: endpoint('GET', `${ENGINE}/event/:id/going/people`, {
    summary: 'The host\'s attendee list: everyone going, offered a seat or waitlisted, with guests and place in line',
    auth: 'bearer',
    params: IdParamsSchema,
    query: GoingPeopleQuerySchema,
    answer: GoingPeopleSchema,
    problems: [400, 404],
  }),
  export: endpoint('GET', `${ENGINE}/event/:id/going/people.csv`, {
    summary: "The host's attendee list as CSV",
    auth: 'bearer',
    params: IdParamsSchema,
    produces: 'text/csv',
    problems: [400, 404],
  }),
});
