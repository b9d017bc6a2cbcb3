import type { HubEvent } from '@hubbub/contract';

// The viewer's part in an event comes from the server (HubEvent.myRole, read with the session that
// asked): the screens below show the tools it allows, and the server checks every call again.

/** Whether the viewer runs the event: its host or a co-host (edit, flyers, buzz, guest list, door). */
export function runsEvent(event: Pick<HubEvent, 'myRole'>): boolean {
  return event.myRole === 'host' || event.myRole === 'co-host';
}

/** Whether the viewer hosts the event: what stays theirs alone (delete it, name co-hosts, its series). */
export function hostsEvent(event: Pick<HubEvent, 'myRole'>): boolean {
  return event.myRole === 'host';
}
