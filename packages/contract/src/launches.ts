import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema } from './common.js';
import { isoDate } from './dates.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { EventIdParamsSchema } from './flyers.js';

// Launches: flyers put on an event's timeline (spec 3 Timeline / launch).

export const LAUNCH_FLYERS_MAX = 50;

export const LaunchRequestSchema = z
  .object({
    eventId: IdSchema,
    /** When the launch was made; the server's clock when absent. */
    launchDate: isoDate('Launch date').nullish(),
    startDate: isoDate('Start date'),
    endDate: isoDate('End date'),
    flyerIds: z
      .array(IdSchema, { message: 'flyerIds is a list of flyer ids.' })
      .min(1, { message: 'Launch at least one flyer.' })
      .max(LAUNCH_FLYERS_MAX, { message: `Launch at most ${LAUNCH_FLYERS_MAX} flyers at once.` }),
  })
  .refine((v) => Date.parse(v.endDate) > Date.parse(v.startDate), { message: 'The end must be after the start.', path: ['endDate'] })
  .meta({ id: 'LaunchRequest' });
export type LaunchRequest = z.input<typeof LaunchRequestSchema>;

/** Scheduled until its start, Active until its end, then Done; Canceled when the host cancels it. */
export const TimelineStates = ['Scheduled', 'Active', 'Done', 'Canceled'] as const;
export const TimelineStateSchema = z.enum(TimelineStates);
export type TimelineState = z.infer<typeof TimelineStateSchema>;

export const TimelineSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    launchDate: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    flyerIds: z.array(z.uuid()),
    state: TimelineStateSchema,
    /** A looping launch starts again this many seconds after each start; null for a one-off. */
    repeatEverySeconds: z.number().int().nullable(),
  })
  .meta({ id: 'Timeline' });
export type Timeline = z.infer<typeof TimelineSchema>;

export const TimelineListSchema = z.array(TimelineSchema).meta({ id: 'TimelineList' });

export const launchesApi = defineEndpoints('launches', {
  create: endpoint('POST', `${ENGINE}/launch/`, {
    summary: 'Launch flyers of one of your events: they show in the buzz from startDate to endDate (a start of now launches at once)',
    auth: 'bearer',
    body: LaunchRequestSchema,
    answer: TimelineSchema,
    problems: [400, 404],
  }),
  ofEvent: endpoint('GET', `${ENGINE}/launch/event/:eventId`, {
    summary: "An event's timeline: its launches, latest start first",
    auth: 'optional',
    params: EventIdParamsSchema,
    answer: TimelineListSchema,
    problems: [400, 401, 403, 404],
  }),
  cancel: endpoint('DELETE', `${ENGINE}/launch/:id`, {
    summary: 'Cancel one of your launches; an active one stops its flyers now',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: TimelineSchema,
    problems: [400, 404, 409],
  }),
});
