import { useModerateEvent } from '../api/admin-event';
import { useModeratePerson } from '../api/person';
import type { ReasonAction } from './use-reason-action';

type Ask = (action: ReasonAction) => void;
interface Named {
  id: string;
  name: string;
}

/** The event actions, each asking for a reason first; the labels are the buttons' names too. */
export function useEventModeration(ask: Ask) {
  const moderate = useModerateEvent();
  return {
    hide: ({ id, name }: Named) =>
      ask({
        title: 'Hide this event',
        description: `“${name}” leaves search, the map and the buzz for everyone but its host, who sees that moderators hid it and why.`,
        confirmLabel: 'Hide event',
        success: `“${name}” is hidden.`,
        run: (reason) => moderate.mutateAsync({ id, action: 'hide', reason }),
      }),
    unhide: ({ id, name }: Named) =>
      ask({
        title: 'Show this event again',
        description: `“${name}” comes back to search, the map and the buzz.`,
        confirmLabel: 'Show event again',
        success: `“${name}” is visible again.`,
        run: (reason) => moderate.mutateAsync({ id, action: 'unhide', reason }),
      }),
    cancel: ({ id, name }: Named) =>
      ask({
        title: 'Cancel this event',
        description: `“${name}” is marked as canceled for everyone; a running buzz stops. The host cannot undo it.`,
        confirmLabel: 'Cancel event',
        success: `“${name}” is canceled.`,
        danger: true,
        run: (reason) => moderate.mutateAsync({ id, action: 'cancel', reason }),
      }),
    stop: ({ id, name }: Named) =>
      ask({
        title: 'Stop the live session',
        description: `The buzz of “${name}” stops now: its flyers leave every watcher's screen.`,
        confirmLabel: 'Stop live session',
        success: `The buzz of “${name}” is stopped.`,
        danger: true,
        run: (reason) => moderate.mutateAsync({ id, action: 'stop', reason }),
      }),
  };
}

/** Suspend and lift; `label` names the button after who the person is on that screen (the host, the person). */
export function usePersonModeration(ask: Ask) {
  const moderate = useModeratePerson();
  return {
    suspend: ({ id, name }: Named, label = 'Suspend person') =>
      ask({
        title: `Suspend ${name}`,
        description: 'They are signed out everywhere and cannot sign in, and their events are hidden, until the suspension is lifted. They see the reason when they try to sign in.',
        confirmLabel: label,
        success: `${name} is suspended.`,
        danger: true,
        run: (reason) => moderate.mutateAsync({ kind: 'suspend', id, reason }),
      }),
    lift: ({ id, name }: Named) =>
      ask({
        title: `Lift the suspension of ${name}`,
        description: 'They can sign in again, and the events hidden by the suspension are shown again.',
        confirmLabel: 'Lift suspension',
        success: `${name} can sign in again.`,
        run: (reason) => moderate.mutateAsync({ kind: 'lift', id, reason }),
      }),
  };
}
