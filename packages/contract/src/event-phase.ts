import { EventStatus, type EventStatusValue } from './events.js';
import type { EventSessionState } from './hub.js';

/**
 * What people are told about an event, derived from its dates and its live session rather than
 * read from the stored status: a buzz stopped early does not end the event, and an event whose
 * end has passed has ended whether or not anyone pressed Stop. The spec's status values stay in
 * the API; only Canceled and Started (a buzz is running) are read from them.
 */
export const EventPhases = ['upcoming', 'happening', 'live', 'ended', 'canceled'] as const;
export type EventPhase = (typeof EventPhases)[number];

export const EVENT_PHASE_LABELS: Record<EventPhase, string> = {
  upcoming: 'Upcoming',
  happening: 'Happening now',
  live: 'Live',
  ended: 'Ended',
  canceled: 'Canceled',
};

export function eventPhase(event: { status: EventStatusValue; startDate: string; endDate: string | null }, now: Date = new Date()): EventPhase {
  if (event.status === EventStatus.Canceled) return 'canceled';
  if (event.status === EventStatus.Started) return 'live';
  const start = Date.parse(event.startDate);
  const end = event.endDate ? Date.parse(event.endDate) : start;
  const at = now.getTime();
  if (at >= end) return 'ended';
  if (at >= start) return 'happening';
  return 'upcoming';
}

/**
 * The status a stopped buzz leaves behind: Completed only once the event's end has passed, so
 * stopping a rehearsal or an early session never marks a future event ended for everyone.
 */
export function statusAfterStop(event: { endDate: string | null; startDate: string }, now: Date = new Date()): EventStatusValue {
  const end = Date.parse(event.endDate ?? event.startDate);
  return now.getTime() >= end ? EventStatus.Completed : EventStatus.Created;
}

/**
 * The phase as a watcher of the buzz knows it: what the hub last said of the session (null: nothing
 * yet) wins over the status the event was loaded with, which a Start or Stop since has made stale.
 */
export function phaseWithSession(
  event: { status: EventStatusValue; startDate: string; endDate: string | null },
  session: EventSessionState | null,
  now: Date = new Date(),
): EventPhase {
  if (event.status === EventStatus.Canceled) return 'canceled';
  if (session === 'Started' || session === 'Updated') return 'live';
  if (session === 'Stopped') return eventPhase({ ...event, status: statusAfterStop(event, now) }, now);
  return eventPhase(event, now);
}
