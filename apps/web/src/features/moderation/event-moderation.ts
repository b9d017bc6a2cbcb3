import { EventStatus, type EventHidden, type EventStatusValue } from '@hubbub/contract';

export function hiddenLabel(hidden: EventHidden): string {
  return hidden.by === 'moderator' ? 'Hidden by moderators' : 'Hidden: host suspended';
}

export interface EventActions {
  hide: boolean;
  unhide: boolean;
  cancel: boolean;
  stop: boolean;
}

/**
 * Which actions make sense for an event now. An event hidden because its host is suspended can
 * still be hidden by a moderator (so lifting the suspension does not show it again), but only a
 * moderator's hiding is undone here: a suspension's is undone by lifting it.
 */
export function eventActions(event: { status: EventStatusValue; hidden: EventHidden | null }): EventActions {
  return {
    hide: event.hidden?.by !== 'moderator',
    unhide: event.hidden?.by === 'moderator',
    cancel: event.status !== EventStatus.Canceled,
    stop: event.status === EventStatus.Started,
  };
}
