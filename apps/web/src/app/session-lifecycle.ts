import type { createBrowserRouter } from 'react-router';
import { notifications, type NotificationData } from '@mantine/notifications';
import { queryClient, queryKeys, setSessionRefusedHandler, setUnauthorizedHandler, type ApiError } from '@/lib/api';
import { session } from '@/lib/session';
import { loginPathFor, matchesRequireLogin } from './guards/access';

type AppRouter = Pick<ReturnType<typeof createBrowserRouter>, 'navigate' | 'state'>;

export const REFRESH_INTERVAL_MS = 30 * 60 * 1000;

let router: AppRouter | null = null;

type SignOutNotice = Pick<NotificationData, 'color' | 'title' | 'message' | 'autoClose'>;

let ending: Promise<void> | null = null;

/**
 * Signs out once even when several failures ask for it together (a refused refresh and the call
 * that set it off): the first reason is the one shown.
 */
function signOut(notice: SignOutNotice, always = false): Promise<void> {
  ending ??= (async () => {
    const wasLoggedIn = session.isLoggedIn();
    await session.logout();
    queryClient.removeQueries({ queryKey: queryKeys.usage });
    if (!wasLoggedIn || (!router && !always)) return;
    notifications.show(notice);
    if (router && matchesRequireLogin(router.state.matches)) {
      void router.navigate(loginPathFor(router.state.location), { replace: true });
    }
  })().finally(() => {
    ending = null;
  });
  return ending;
}

/**
 * Spec 4: a failed refresh logs the user out, clears usage, and sends them to
 * /login when the current route needs login.
 */
export function endExpiredSession(): Promise<void> {
  return signOut({ color: 'yellow', title: 'Signed out', message: 'Your session has ended. Please sign in again.' });
}

/** The moderators suspended the account: sign out as for an ended session, and say why (even during boot). */
export function endSuspendedSession(error: ApiError): Promise<void> {
  return signOut(
    { color: 'red', title: 'Your account is suspended', message: error.detail || 'The site’s moderators have suspended this account.', autoClose: false },
    true,
  );
}

/** A 401 on an authenticated call gets one refresh; the caller retries once if it worked. */
export function installUnauthorizedHandler(): void {
  setUnauthorizedHandler(async () => {
    const ok = await session.refresh();
    if (!ok) await endExpiredSession();
    return ok;
  });
  setSessionRefusedHandler((error) => void endSuspendedSession(error));
}

/** Refreshes every 30 minutes while someone is signed in. Returns a stop function. */
export function startSessionLifecycle(appRouter: AppRouter, intervalMs = REFRESH_INTERVAL_MS): () => void {
  router = appRouter;
  let timer: number | undefined;

  const sync = () => {
    const loggedIn = session.isLoggedIn();
    if (loggedIn && timer === undefined) {
      // The refresh reports its own failures; a rejection here would only be an unheard one.
      timer = window.setInterval(() => {
        void (async () => {
          if (!(await session.refresh())) await endExpiredSession();
        })();
      }, intervalMs);
    } else if (!loggedIn && timer !== undefined) {
      window.clearInterval(timer);
      timer = undefined;
    }
  };

  const unsubscribe = session.subscribe(sync);
  sync();
  return () => {
    unsubscribe();
    if (timer !== undefined) window.clearInterval(timer);
    router = null;
  };
}
