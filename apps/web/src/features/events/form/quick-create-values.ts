import { EVENT_NAME_MAX, NO_REPEAT, QUICK_DURATIONS, formatNumber, isValidTimeZone, type AreaInput, type EventCreate, type EventDraft, type EventDraftInput, type RepeatPick } from '@hubbub/contract';
import { dayjs } from '@/lib/dates/dayjs';
import { zonedToIso, type LocalDateTime } from '@/lib/dates/dayjs';
import { newEventValues } from './event-form-values';
import { isCoverKey } from './covers';

/** What quick create asks: the rest (venue, description, tags, documents, flyers) comes after, on the event's page. */
export interface QuickCreateValues {
  name: string;
  /** Wall clock in `timeZone`, as the date picker gives it. */
  start: LocalDateTime | null;
  durationMinutes: number;
  /** Chosen for the host from the place (its city's zone); the browser's until a place is picked. */
  timeZone: string;
  area: AreaInput | null;
  /** A generated cover's key; null when the host uploads their own picture (or has not chosen). */
  cover: string | null;
  /** "Repeats": made a series once the event is published (the series feature draws the field). */
  repeat: RepeatPick;
}

export const DEFAULT_DURATION = 180;

export function durationLabel(minutes: number): string {
  if (minutes < 60) return `${formatNumber(minutes)} min`;
  const hours = minutes / 60;
  return `${formatNumber(hours, { maximumFractionDigits: 1 })} ${hours === 1 ? 'hour' : 'hours'}`;
}

export const DURATION_OPTIONS = QUICK_DURATIONS.map((minutes) => ({ value: String(minutes), label: durationLabel(minutes) }));

/** Tomorrow at 7 PM for three hours, in the browser's zone, with the first generated cover. */
export function newQuickValues(timeZone: string, now: Date = new Date()): QuickCreateValues {
  const base = newEventValues(timeZone, now);
  return { name: '', start: base.start, durationMinutes: DEFAULT_DURATION, timeZone, area: null, cover: null, repeat: NO_REPEAT };
}

/** A kept draft over the defaults: what was typed wins, anything missing keeps its default. */
export function valuesFromDraft(draft: EventDraft, defaults: QuickCreateValues): QuickCreateValues {
  return {
    name: draft.name,
    start: draft.start ?? defaults.start,
    durationMinutes: draft.durationMinutes ?? defaults.durationMinutes,
    timeZone: draft.timeZone && isValidTimeZone(draft.timeZone) ? draft.timeZone : defaults.timeZone,
    area: draft.area ?? defaults.area,
    cover: draft.cover && isCoverKey(draft.cover) ? draft.cover : defaults.cover,
    repeat: draft.repeat ?? defaults.repeat,
  };
}

export function toDraftInput(values: QuickCreateValues): EventDraftInput {
  return {
    name: values.name.slice(0, EVENT_NAME_MAX),
    start: values.start,
    durationMinutes: values.durationMinutes,
    timeZone: values.timeZone,
    area: values.area,
    cover: values.cover,
    repeat: values.repeat.kind ? values.repeat : null,
  };
}

/** Whether anything worth keeping was typed (an untouched form saves no draft). */
export function hasContent(values: QuickCreateValues): boolean {
  return values.name.trim() !== '' || values.area !== null || values.cover !== null || values.repeat.kind !== null;
}

/** The end, in the same wall clock as the start. */
export function endOf(values: Pick<QuickCreateValues, 'start' | 'durationMinutes'>): LocalDateTime | null {
  return values.start ? dayjs(values.start).add(values.durationMinutes, 'minute').format('YYYY-MM-DD HH:mm:ss') : null;
}

/** The spec's create body (POST /event/): published now, no venue, description or tags yet. */
export function toQuickEventCreate(values: QuickCreateValues): EventCreate {
  const startDate = zonedToIso(values.start!, values.timeZone);
  return {
    name: values.name.trim(),
    timeZone: values.timeZone,
    startDate,
    // From the instant, not the wall clock: a three-hour event across a clock change still lasts three hours.
    endDate: new Date(Date.parse(startDate) + values.durationMinutes * 60_000).toISOString(),
    publishOnDate: null,
    venue: null,
    area: values.area!,
    contentType: null,
    contentJson: null,
    tagIds: [],
  };
}
