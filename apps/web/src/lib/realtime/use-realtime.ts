import { useEffect, useRef, useSyncExternalStore } from 'react';
import type { HubServerEventName } from '@hubbub/contract';
import { realtime } from './realtime';
import type { HubEventHandler, RealtimeSnapshot } from './realtime-client';

/** Connection state, active event and active flyers; re-renders on every change. */
export function useRealtime(): RealtimeSnapshot {
  return useSyncExternalStore(realtime.subscribe, realtime.getSnapshot, realtime.getSnapshot);
}

/** Calls the latest `handler` for each `name` message while mounted. */
export function useHubEvent<K extends HubServerEventName>(name: K, handler: HubEventHandler<K>) {
  const latest = useRef(handler);
  useEffect(() => {
    latest.current = handler;
  });
  useEffect(() => realtime.on(name, (payload) => latest.current(payload)), [name]);
}
