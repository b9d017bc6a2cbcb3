import { useEffect, useState } from 'react';
import { notifications } from '@mantine/notifications';
import { useQueryClient } from '@tanstack/react-query';
import type { EventSessionState } from '@hubbub/contract';
import { queryKeys } from '@/lib/api';
import { realtime, useHubEvent } from '@/lib/realtime';
import { hostMessageAnnouncement } from '../buzz-model';

interface BuzzSessionOptions {
  /** Rejoins as this person when the signed-in person changes. */
  userId: string | undefined;
  /** The host's messages, for the live region (the toast is shown here). */
  announce: (text: string) => void;
  /** Launches change the timeline's states: called when flyers come and go. */
  onLaunchesChanged: () => void;
}

/** Joins the event's hub session while mounted, and follows what the hub says of it. */
export function useBuzzSession(eventId: string, { userId, announce, onLaunchesChanged }: BuzzSessionOptions) {
  const [sessionState, setSessionState] = useState<EventSessionState | null>(null);
  const [watchers, setWatchers] = useState<number | null>(null);
  const [sound, setSound] = useState<{ level: number; track: string | null } | null>(null);

  useEffect(() => {
    realtime.start();
    void realtime.join(eventId);
    return () => void realtime.leave(eventId);
  }, [eventId, userId]);

  const client = useQueryClient();
  // The event's status and the lists that show it as Live move with the session.
  const refreshEvent = () => {
    for (const queryKey of [queryKeys.events.detail(eventId), queryKeys.events.mine, queryKeys.events.following, queryKeys.events.live]) void client.invalidateQueries({ queryKey });
  };
  const mine = (payload: { eventId: string }) => payload.eventId === eventId;
  useHubEvent('EventWatcherUpdated', (p) => mine(p) && setWatchers(p.watchers));
  useHubEvent('EventSoundUpdated', (p) => mine(p) && setSound({ level: p.level, track: p.track }));
  useHubEvent('EventStarted', (p) => {
    if (!mine(p)) return;
    setSessionState('Started');
    refreshEvent();
  });
  useHubEvent('EventStopped', (p) => {
    if (!mine(p)) return;
    setSessionState('Stopped');
    refreshEvent();
  });
  useHubEvent('EventUpdated', (p) => {
    if (!mine(p)) return;
    setSessionState('Updated');
    // A host's message arrives again as EventNotification, which shows the toast.
  });
  useHubEvent('EventNotification', (p) => {
    if (!mine(p)) return;
    const color = { info: 'blue', success: 'green', warning: 'yellow', error: 'red' }[p.level];
    notifications.show({ color, title: p.title, message: p.message, autoClose: 8000 });
    announce(hostMessageAnnouncement(p.title, p.message));
  });
  const launchesChanged = (p: { eventId: string }) => mine(p) && onLaunchesChanged();
  useHubEvent('FlyerStarted', launchesChanged);
  useHubEvent('FlyerStopped', launchesChanged);

  return { sessionState, watchers, sound };
}
