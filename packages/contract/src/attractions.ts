import { z } from 'zod';
import { ENGINE } from './api-prefixes.js';
import { IdParamsSchema, IdSchema, OkSchema } from './common.js';
import { isoDate } from './dates.js';
import { defineEndpoints, endpoint } from './endpoint.js';
import { formatDate } from './format.js';

// The line-up: what is on at an event (the spec's Event.attractions), ordered by its host.

export const AttractionKinds = ['performer', 'speaker', 'vendor', 'food', 'sponsor', 'partner', 'other'] as const;
export const AttractionKindSchema = z.enum(AttractionKinds, { message: `Kind must be one of ${AttractionKinds.join(', ')}.` });
export type AttractionKind = z.infer<typeof AttractionKindSchema>;

/** What a person reads for each kind, singular and plural. */
export const ATTRACTION_KIND_LABELS: Record<AttractionKind, { one: string; many: string }> = {
  performer: { one: 'Performer', many: 'Performers' },
  speaker: { one: 'Speaker', many: 'Speakers' },
  vendor: { one: 'Vendor', many: 'Vendors' },
  food: { one: 'Food & drink', many: 'Food & drink' },
  sponsor: { one: 'Sponsor', many: 'Sponsors' },
  partner: { one: 'Partner', many: 'Partners' },
  other: { one: 'Also on', many: 'Also on' },
};

export const ATTRACTIONS_MAX = 100;
export const ATTRACTION_NAME_MAX = 120;
export const ATTRACTION_DESCRIPTION_MAX = 500;
export const ATTRACTION_LINK_MAX = 2000;

export const AttractionSchema = z
  .object({
    id: z.uuid(),
    eventId: z.uuid(),
    name: z.string(),
    kind: AttractionKindSchema,
    description: z.string(),
    link: z.string().nullable(),
    /** The picture under /uploads/attractions/, or null. */
    picturePath: z.string().nullable(),
    /** When it is on, within the event; null when it has no set time. */
    setTime: z.string().nullable(),
  })
  .meta({ id: 'Attraction' });
export type Attraction = z.infer<typeof AttractionSchema>;

/** An https address on a named host, stored as the browser reads it; anything else (http, javascript:, data:) is refused. */
const httpsLink = z
  .string()
  .trim()
  .max(ATTRACTION_LINK_MAX, { message: `link must be at most ${ATTRACTION_LINK_MAX} characters.` })
  .nullish()
  .transform((v) => v || null)
  .pipe(z.url({ protocol: /^https$/, hostname: z.regexes.domain, normalize: true, message: 'link must be an https:// address.' }).nullable());

const attractionFields = {
  name: z
    .string({ message: 'name is required.' })
    .trim()
    .min(1, { message: 'name is required.' })
    .max(ATTRACTION_NAME_MAX, { message: `name must be at most ${ATTRACTION_NAME_MAX} characters.` }),
  kind: AttractionKindSchema,
  description: z
    .string()
    .trim()
    .max(ATTRACTION_DESCRIPTION_MAX, { message: `description must be at most ${ATTRACTION_DESCRIPTION_MAX} characters.` })
    .nullish()
    .transform((v) => v ?? ''),
  link: httpsLink,
  setTime: isoDate('setTime').nullish().transform((v) => v ?? null),
};

/**
 * A partner or sponsor as a search names it (the partners drawer's `key`): events whose line-up
 * has a partner or sponsor of this name, in any case. Null for no such filter.
 */
export const PartnerKeySchema = z
  .string()
  .trim()
  .max(ATTRACTION_NAME_MAX, { message: `partner must be at most ${ATTRACTION_NAME_MAX} characters.` })
  .nullish()
  .transform((v) => (v ? v.toLowerCase() : null));

export const AttractionCreateSchema = z.object({ eventId: IdSchema, ...attractionFields }).meta({ id: 'AttractionCreate' });
export type AttractionCreate = z.input<typeof AttractionCreateSchema>;
export const AttractionUpdateSchema = z.object({ id: IdSchema, ...attractionFields }).meta({ id: 'AttractionUpdate' });
export type AttractionUpdate = z.input<typeof AttractionUpdateSchema>;

/** The event's whole line-up in its new order: every attraction once. */
export const AttractionOrderSchema = z
  .object({ eventId: IdSchema, attractionIds: z.array(IdSchema).max(ATTRACTIONS_MAX, { message: `An event has at most ${ATTRACTIONS_MAX} attractions.` }) })
  .meta({ id: 'AttractionOrder' });
export const AttractionListSchema = z.object({ attractions: z.array(AttractionSchema) }).meta({ id: 'AttractionList' });
export type AttractionList = z.infer<typeof AttractionListSchema>;

/**
 * The line-up as people read it (the event page, the public page, the buzz): what has a set time
 * first, by time (the host's order breaks a tie), then the rest in the host's order.
 */
export function lineUpBySetTime<T extends Pick<Attraction, 'id' | 'setTime'>>(list: readonly T[]): T[] {
  const place = new Map(list.map((a, i) => [a.id, i]));
  return [...list].sort((a, b) => {
    if (a.setTime && b.setTime) return Date.parse(a.setTime) - Date.parse(b.setTime) || place.get(a.id)! - place.get(b.id)!;
    if (a.setTime || b.setTime) return a.setTime ? -1 : 1;
    return place.get(a.id)! - place.get(b.id)!;
  });
}

/**
 * The line-up during the event (the buzz's drawer): the set on now (the last to start) and those
 * to come, by time; then what has no set time, in the host's order; then the sets that are over.
 * `current` is the id of the set on now, if one has started.
 */
export function lineUpNowFirst<T extends Pick<Attraction, 'id' | 'setTime'>>(list: readonly T[], now: Date): { order: T[]; current: string | null } {
  const byTime = lineUpBySetTime(list);
  const timed = byTime.filter((a) => a.setTime);
  const started = timed.filter((a) => Date.parse(a.setTime!) <= now.getTime());
  const current = started.at(-1) ?? null;
  const over = started.slice(0, -1);
  const toCome = timed.filter((a) => Date.parse(a.setTime!) > now.getTime());
  const untimed = byTime.filter((a) => !a.setTime);
  return { order: [...(current ? [current] : []), ...toCome, ...untimed, ...over], current: current?.id ?? null };
}

/** Whether the event runs over more than one calendar day in its zone: its set times then say the day too. */
export function spansDays(event: { startDate: string; endDate: string; timeZone: string }): boolean {
  const day = (iso: string) => formatDate(iso, { timeZone: event.timeZone, locale: 'en-US' });
  return day(event.startDate) !== day(event.endDate);
}

export const attractionsApi = defineEndpoints('attractions', {
  create: endpoint('POST', `${ENGINE}/event/attraction/`, {
    summary: `Add an attraction to the end of one of your events' line-up (at most ${ATTRACTIONS_MAX})`,
    auth: 'bearer',
    body: AttractionCreateSchema,
    answer: AttractionSchema,
    problems: [400, 404],
  }),
  update: endpoint('POST', `${ENGINE}/event/attraction/update/`, {
    summary: 'Change an attraction of one of your events',
    auth: 'bearer',
    body: AttractionUpdateSchema,
    answer: AttractionSchema,
    problems: [400, 404],
  }),
  reorder: endpoint('POST', `${ENGINE}/event/attraction/order/`, {
    summary: "Put one of your events' line-up in a new order (every attraction, once)",
    auth: 'bearer',
    body: AttractionOrderSchema,
    answer: AttractionListSchema,
    problems: [400, 404],
  }),
  delete: endpoint('DELETE', `${ENGINE}/event/attraction/:id`, {
    summary: 'Remove an attraction (and its picture)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: OkSchema,
    problems: [400, 404],
  }),
  setPicture: endpoint('POST', `${ENGINE}/event/attraction/picture/:id`, {
    summary: 'Upload an attraction\'s picture (multipart field "file": JPEG, PNG, WebP or GIF, at most 10 MB)',
    auth: 'bearer',
    params: IdParamsSchema,
    answer: AttractionSchema,
    problems: [400, 404, 413, 415],
    consumes: ['multipart/form-data'],
  }),
  removePicture: endpoint('DELETE', `${ENGINE}/event/attraction/picture/:id`, {
    summary: "Remove an attraction's picture",
    auth: 'bearer',
    params: IdParamsSchema,
    answer: AttractionSchema,
    problems: [400, 404],
  }),
});
