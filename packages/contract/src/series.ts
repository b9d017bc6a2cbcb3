import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema } from './common.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { EventDetailsSchema, EventStatusSchema } from './events.js';
import { GoingRequestSchema, GoingStateSchema } from './going.js';
import { TimelineListSchema } from './launches.js';

// Series (issue 29): an event that repeats by an RFC 5545 rule in its own time zone. Each date is a
// real event (its own page, Going list, buzz, reminders); the series is what ties them together.

/** The longest repeat rule a host may send (the longest sensible one is about 80 characters). */
export const SERIES_RULE_MAX = 200;

/** The repeat rule, for example `FREQ=WEEKLY;BYDAY=TU` or `FREQ=MONTHLY;BYDAY=2TU;COUNT=6`, without DTSTART. */
const RuleSchema = z
  .string({ message: 'The repeat rule is required.' })
  .trim()
  .min(1, { message: 'The repeat rule is required.' })
  .max(SERIES_RULE_MAX, { message: `The repeat rule can be at most ${SERIES_RULE_MAX} characters.` });

export const SeriesRequestSchema = z
  .object({
    /** The event that becomes the series' first date; the others are copies of it. */
    eventId: IdSchema,
    rule: RuleSchema,
  })
  .meta({ id: 'SeriesRequest' });
export type SeriesRequest = z.infer<typeof SeriesRequestSchema>;

export const SeriesSplitSchema = z
  .object({
    /** The date (its event id) from which the new rule applies; it has not started yet. */
    from: IdSchema,
    /** The new rule, counted from that date's start. */
    rule: RuleSchema,
  })
  .meta({ id: 'SeriesSplit' });
export type SeriesSplit = z.infer<typeof SeriesSplitSchema>;

export const SeriesEditSchema = EventDetailsSchema.extend({
  /** "This and following": the date (its event id) from which the change applies; absent, every date to come. */
  from: IdSchema.nullish().transform((v) => v ?? null),
}).meta({ id: 'SeriesEdit' });
export type SeriesEdit = z.input<typeof SeriesEditSchema>;

export const SeriesDateSchema = z
  .object({
    eventId: z.uuid(),
    slug: z.string(),
    /** Where the rule puts this date (RFC 5545's RECURRENCE-ID): it stays when the date is moved. */
    ruleDate: z.string(),
    startDate: z.string(),
    endDate: z.string(),
    status: EventStatusSchema,
    /** The host changed this date on its own: changes to the whole series leave it as it is. */
    edited: z.boolean(),
    /** Where the viewer stands at this date (going, waitlisted, …); null when signed out or not going. */
    going: GoingStateSchema.nullable(),
  })
  .meta({ id: 'SeriesDate' });
export type SeriesDate = z.infer<typeof SeriesDateSchema>;

export const SeriesSchema = z
  .object({
    id: z.uuid(),
    userId: z.uuid(),
    rule: z.string(),
    timeZone: z.string(),
    /** Dates exist up to here; the scheduler adds the next ones as time passes (null: the rule has ended). */
    datesUntil: z.string().nullable(),
    /** The viewer follows the series: each date to come, and each date added later. */
    following: z.boolean(),
    /** The host lets people say Going to every date at once. */
    everyDate: z.boolean(),
    /** The viewer is going to every date: each date added later takes them too (a seat, or a place in its line). */
    goingEvery: z.boolean(),
    /** The dates the viewer may see, in order. */
    dates: z.array(SeriesDateSchema),
  })
  .meta({ id: 'Series' });
export type Series = z.infer<typeof SeriesSchema>;

export const SeriesSettingsSchema = z
  .object({
    /** People may say Going to every date at once (each date keeps its own seats, line and approval). */
    everyDate: z.boolean({ message: 'everyDate is true or false.' }),
  })
  .meta({ id: 'SeriesSettings' });
export type SeriesSettings = z.infer<typeof SeriesSettingsSchema>;

export const SeriesTimelineCopySchema = z
  .object({
    timelineId: z.uuid({ message: 'timelineId is the id of a launch of one of the dates.' }),
    /** The next date to come after the timeline's own, or every date to come after it (canceled dates aside) and each date added later. */
    to: z.enum(['next', 'every'], { message: 'to is next or every.' }),
  })
  .meta({ id: 'SeriesTimelineCopy' });
export type SeriesTimelineCopy = z.infer<typeof SeriesTimelineCopySchema>;

export const seriesApi = defineEndpoints('series', {
  create: endpoint('POST', `${ENGINE}/series`, {
    summary: "Makes an event repeat: it becomes the series' first date, and its next dates (up to 100, six months ahead) are created as events",
    auth: 'bearer',
    body: SeriesRequestSchema,
    answer: SeriesSchema,
    status: 201,
    problems: [400, 403, 404, 409],
  }),
  edit: endpoint('PUT', `${ENGINE}/series/:id`, {
    summary: 'Changes the details of every date to come (or of one date and those after it), leaving the dates changed on their own as they are',
    auth: 'bearer',
    params: IdParamsSchema,
    body: SeriesEditSchema,
    answer: SeriesSchema,
    problems: [400, 403, 404],
  }),
  follow: endpoint('PUT', `${ENGINE}/series/:id/follow`, {
    summary: 'Follows every date to come of a series, and each date added to it later',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: SeriesSchema,
    problems: [400, 404],
  }),
  unfollow: endpoint('DELETE', `${ENGINE}/series/:id/follow`, {
    summary: 'Stops following a series: its dates to come are no longer followed (dates already over stay as they were)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: SeriesSchema,
    problems: [400, 404],
  }),
  settings: endpoint('PUT', `${ENGINE}/series/:id/settings`, {
    summary: 'The host lets people say Going to every date at once, or stops letting them (places already taken stay)',
    auth: 'bearer',
    params: IdParamsSchema,
    body: SeriesSettingsSchema,
    answer: SeriesSchema,
    problems: [400, 403, 404],
  }),
  go: endpoint('PUT', `${ENGINE}/series/:id/going`, {
    summary:
      'Says Going to every date to come, with the same guests and answers: a seat where one is free, a place in line where the date is full, a request where the host approves each',
    auth: 'bearer',
    params: IdParamsSchema,
    body: GoingRequestSchema,
    answer: SeriesSchema,
    problems: [400, 404, 409],
  }),
  leave: endpoint('DELETE', `${ENGINE}/series/:id/going`, {
    summary: 'Not going to the dates to come any more: each seat or place in line is given back (a declined request stays)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: SeriesSchema,
    problems: [400, 404],
  }),
  split: endpoint('POST', `${ENGINE}/series/:id/split`, {
    summary:
      'Changes the rule from a date on ("this and following"): the series ends before that date and a new series takes the new rule from it. Dates that fall on the new rule keep their people; the others are canceled (their people told)',
    auth: 'bearer',
    params: IdParamsSchema,
    body: SeriesSplitSchema,
    answer: SeriesSchema,
    status: 201,
    problems: [400, 403, 404, 409],
  }),
  copyTimeline: endpoint('POST', `${ENGINE}/series/:id/timelines`, {
    summary:
      "Copies a launch of one date to the next date or to every date after it (every: also each date the scheduler adds later, until the launch is canceled): its flyers are copied to each date, and the copy starts and ends as far from that date's start as the launch does from its own",
    auth: 'bearer',
    params: IdParamsSchema,
    body: SeriesTimelineCopySchema,
    answer: TimelineListSchema,
    status: 201,
    problems: [400, 403, 404, 409],
  }),
  get: endpoint('GET', `${ENGINE}/series/:id`, {
    summary: 'A series: its rule and the dates the viewer may see',
    auth: 'optional',
    params: IdParamsSchema,
    answer: SeriesSchema,
    problems: [400, 404],
  }),
});
