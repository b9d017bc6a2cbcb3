import { useSyncExternalStore } from 'react';
import { session } from './session-store';
import type { SignedInUser } from './claims';

/** The signed-in user, or null; re-renders on login, refresh and logout. */
export function useSessionUser(): SignedInUser | null {
  return useSyncExternalStore(session.subscribe, session.getUser, session.getUser);
}
