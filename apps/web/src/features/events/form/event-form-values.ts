import {
  EVENT_DESCRIPTION_MAX,
  EVENT_MAX_DAYS,
  EVENT_NAME_MAX,
  type AreaInput,
  type EventCreate,
  type EventUpdate,
  type HubEvent,
} from '@hubbub/contract';
import { dayjs, isoToZoned, zonedToIso, type LocalDateTime } from '@/lib/dates/dayjs';

export interface EventFormValues {
  name: string;
  timeZone: string;
  start: LocalDateTime | null;
  end: LocalDateTime | null;
  /** Empty means publish at once. */
  publishOn: LocalDateTime | null;
  venue: string;
  area: AreaInput | null;
  description: string;
  tagIds: string[];
}

export const PLAIN_TEXT = 'text/plain';
export const VENUE_MAX = 200;
export const TAGS_MAX = 20;


/** A new event opens tomorrow evening, 7 to 10 PM, in the host's zone: a common case, easy to change. */
export function newEventValues(timeZone: string, now: Date = new Date()): EventFormValues {
  const tomorrow = dayjs(now).tz(timeZone).add(1, 'day').format('YYYY-MM-DD');
  return {
    name: '',
    timeZone,
    start: `${tomorrow} 19:00:00`,
    end: `${tomorrow} 22:00:00`,
    publishOn: null,
    venue: '',
    area: null,
    description: '',
    tagIds: [],
  };
}

export function valuesFromEvent(event: HubEvent): EventFormValues {
  return {
    name: event.name,
    timeZone: event.timeZone,
    start: isoToZoned(event.startDate, event.timeZone),
    end: isoToZoned(event.endDate, event.timeZone),
    publishOn: event.publishOnDate ? isoToZoned(event.publishOnDate, event.timeZone) : null,
    venue: event.venue ?? '',
    area: event.area,
    description: event.contentJson ?? '',
    tagIds: event.tags.map((t) => t.id),
  };
}

/** The create body; validation has already made start, end and area present. */
export function toEventCreate(values: EventFormValues): EventCreate {
  const description = values.description.trim() ? values.description : null;
  return {
    name: values.name.trim(),
    timeZone: values.timeZone,
    startDate: zonedToIso(values.start!, values.timeZone),
    endDate: zonedToIso(values.end!, values.timeZone),
    publishOnDate: values.publishOn ? zonedToIso(values.publishOn, values.timeZone) : null,
    venue: values.venue.trim() || null,
    area: values.area!,
    // The description is plain text; contentJson is the contract's field for it.
    contentType: description ? PLAIN_TEXT : null,
    contentJson: description,
    tagIds: values.tagIds,
  };
}

/**
 * The update body keeps what this form does not edit: imported-event data, and the status (left
 * out, so the server keeps it: the live session and the Cancel action set it).
 */
export function toEventUpdate(values: EventFormValues, event: HubEvent): EventUpdate {
  return {
    ...toEventCreate(values),
    id: event.id,
    externalEventType: event.externalEventType,
    externalEventJson: event.externalEventJson,
  };
}

/** The end must follow the start, by at most the contract's longest event. */
export function endRule(values: Pick<EventFormValues, 'start' | 'end' | 'timeZone'>): string | null {
  if (!values.start || !values.end) return null;
  const start = dayjs.tz(values.start, values.timeZone);
  const end = dayjs.tz(values.end, values.timeZone);
  if (!end.isAfter(start)) return 'The end must be after the start.';
  if (end.diff(start, 'millisecond') > EVENT_MAX_DAYS * 86_400_000) return `An event lasts at most ${EVENT_MAX_DAYS} days.`;
  return null;
}

export const LIMITS = { name: EVENT_NAME_MAX, description: EVENT_DESCRIPTION_MAX, venue: VENUE_MAX, tags: TAGS_MAX };
