import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { OkSchema } from './common.js';
import { AreaSchema } from './areas.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { EVENT_MAX_DAYS, EVENT_NAME_MAX } from './events.js';
import { isValidTimeZone } from './format.js';

// Quick create's draft (issue 26): what a host has typed so far, kept on the server as they go, so
// a reload or another device loses nothing. One per person; publishing the event (POST /event/,
// the spec's create) is a separate call, after which the web app deletes the draft.

/** The durations quick create offers, in minutes; any whole number of minutes up to the longest event is accepted. */
export const QUICK_DURATIONS = [30, 60, 90, 120, 180, 240, 360, 480, 720] as const;
/** A generated cover's key: a gradient of the catalogue by name (`gradient:Sunrise`). */
export const DRAFT_COVER_MAX = 80;

const wallClock = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/, { message: 'The start is a date and time like 2026-11-26 19:00.' })
  .nullish()
  .transform((v) => v ?? null);

/** How a repeat picked in quick create repeats, whatever the date: the rule is made from the published event's own start. */
export const REPEAT_KINDS = ['weekly', 'fortnightly', 'monthly-weekday', 'monthly-last', 'monthly-date', 'daily'] as const;
export const REPEAT_COUNT_MAX = 100;

/** A repeat picked before the event exists: its kind (null: it does not repeat) and its end. */
export const RepeatPickSchema = z
  .object({
    kind: z.enum(REPEAT_KINDS, { message: `The repeat is one of ${REPEAT_KINDS.join(', ')}.` }).nullable(),
    end: z.enum(['never', 'count'], { message: 'The repeat ends never or after a number of dates.' }),
    count: z
      .number()
      .int({ message: 'The number of dates is a whole number.' })
      .min(2, { message: 'A repeat has at least 2 dates.' })
      .max(REPEAT_COUNT_MAX, { message: `A repeat has at most ${REPEAT_COUNT_MAX} dates.` }),
  })
  .meta({ id: 'RepeatPick' });
export type RepeatPick = z.infer<typeof RepeatPickSchema>;
export type RepeatKind = NonNullable<RepeatPick['kind']>;
/** "Does not repeat", with the end offered once a repeat is picked. */
export const NO_REPEAT: RepeatPick = { kind: null, end: 'never', count: 8 };

export const EventDraftInputSchema = z
  .object({
    /** As typed, possibly empty: a draft may be half written. */
    name: z.string().max(EVENT_NAME_MAX, { message: `Name must be at most ${EVENT_NAME_MAX} characters.` }).default(''),
    /** Wall-clock start in `timeZone` ("YYYY-MM-DD HH:mm:ss"), as the date picker gives it. */
    start: wallClock,
    durationMinutes: z
      .number()
      .int({ message: 'The duration is a whole number of minutes.' })
      .min(15, { message: 'An event lasts at least 15 minutes.' })
      .max(EVENT_MAX_DAYS * 24 * 60, { message: `An event lasts at most ${EVENT_MAX_DAYS} days.` })
      .nullish()
      .transform((v) => v ?? null),
    timeZone: z
      .string()
      .max(64)
      .refine((v) => isValidTimeZone(v), { message: 'Not a time zone.' })
      .nullish()
      .transform((v) => v ?? null),
    area: AreaSchema.nullish().transform((v) => v ?? null),
    /** A generated cover chosen (an uploaded picture stays in the browser until Publish). */
    cover: z
      .string()
      .max(DRAFT_COVER_MAX)
      .regex(/^[A-Za-z0-9:. _-]*$/, { message: 'Not a cover of the catalogue.' })
      .nullish()
      .transform((v) => (v ? v : null)),
    /** The repeat chosen ("Repeats"), made a series once the event is published. */
    repeat: RepeatPickSchema.nullish().transform((v) => v ?? null),
  })
  .meta({ id: 'EventDraftFields' });
export type EventDraftInput = z.input<typeof EventDraftInputSchema>;

export const EventDraftSchema = z
  .object({
    name: z.string(),
    start: z.string().nullable(),
    durationMinutes: z.number().int().nullable(),
    timeZone: z.string().nullable(),
    area: AreaSchema.nullable(),
    cover: z.string().nullable(),
    /** Absent from drafts saved before the repeat was kept. */
    repeat: RepeatPickSchema.nullable(),
    updated: z.string(),
  })
  .meta({ id: 'EventDraft' });
export type EventDraft = z.infer<typeof EventDraftSchema>;

export const EventDraftAnswerSchema = z.object({ draft: EventDraftSchema.nullable() }).meta({ id: 'EventDraftAnswer' });
export type EventDraftAnswer = z.infer<typeof EventDraftAnswerSchema>;

export const eventDraftsApi = defineEndpoints('eventDrafts', {
  get: endpoint('GET', `${ENGINE}/event/draft/`, { summary: "Your quick-create draft, or null when there is none", auth: 'bearer', answer: EventDraftAnswerSchema, problems: [404] }),
  save: endpoint('POST', `${ENGINE}/event/draft/`, {
    summary: 'Save your quick-create draft as you type (replaces the one kept)',
    auth: 'bearer',
    body: EventDraftInputSchema,
    answer: EventDraftSchema,
    problems: [400, 404],
  }),
  delete: endpoint('DELETE', `${ENGINE}/event/draft/`, { summary: 'Discard your quick-create draft (after publishing, or to start over)', auth: 'bearer', answer: OkSchema, problems: [404] }),
});
