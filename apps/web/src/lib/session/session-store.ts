import { authApi, type Credentials, type LoginResult } from '@hubbub/contract';
import { api, setAuthorization, type HttpClient } from '../api/http-client';
import { hasCode, isApiError } from '../api/api-error';
import { queryClient } from '../api/query-client';
import { userFromTokens, type SignedInUser } from './claims';
import { readTokenCookie, removeTokenCookie, writeTokenCookie, type StoredTokens } from './token-cookie';

export interface Session {
  getUser(): SignedInUser | null;
  isLoggedIn(): boolean;
  subscribe(listener: () => void): () => void;
  /** Restores from the token cookie; without one, performs a local logout. */
  restore(): Promise<boolean>;
  login(credentials: Credentials): Promise<SignedInUser>;
  acceptTokens(tokens: StoredTokens | LoginResult): SignedInUser;
  /** False when the server refused the refresh token; true when tokens were rotated, there was nothing to refresh, or no answer came (offline). */
  refresh(): Promise<boolean>;
  /** Merges auth/user into the current user; null when logged out or on failure. */
  fetchUser(): Promise<SignedInUser | null>;
  logout(): Promise<void>;
}

export interface SessionDeps {
  client: HttpClient;
  setAuthorization(jwt: string | null): void;
  /** Runs after local state is cleared on logout, e.g. to drop cached queries. */
  onCleared?: () => void;
  /** Runs when a different user (or a new token) becomes current. */
  onSignedIn?: (user: SignedInUser) => void;
  /** Sends the browser through the provider's sign-out page (Microsoft) after a logout; defaults to location.assign. */
  leave?: (url: string) => void;
}

/** Tabs of one browser share the cookie; a Web Lock keeps them from rotating it at the same time. */
function withRefreshLock(run: () => Promise<boolean>): Promise<boolean> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? locks.request('hubbub_token_refresh', run) : run();
}

export function createSession(deps: SessionDeps): Session {
  let user: SignedInUser | null = null;
  let pendingRefresh: Promise<boolean> | null = null;
  const listeners = new Set<() => void>();

  function setUser(next: SignedInUser | null) {
    user = next;
    deps.setAuthorization(next?.jwt || null);
    for (const listener of listeners) listener();
  }

  function acceptTokens(tokens: StoredTokens | LoginResult): SignedInUser {
    const previousId = user?.id;
    const next = userFromTokens({ jwt: tokens.jwt, refreshToken: tokens.refreshToken });
    // A refresh keeps whatever auth/user told us about name and email.
    if (user && user.id === next.id) {
      next.name = next.name || user.name;
      next.email = next.email || user.email;
    }
    writeTokenCookie(next);
    setUser(next);
    if (previousId !== next.id) deps.onSignedIn?.(next);
    return next;
  }

  async function logout(): Promise<void> {
    let endSessionUrl: string | null = null;
    if (user?.jwt) {
      try {
        // The server revokes the Google or Microsoft tokens of this session; for Microsoft it answers
        // the sign-out page the browser must visit to end the social session too (spec 4).
        const result = await deps.client.call(authApi.logout, { noRetry: true });
        endSessionUrl = result?.endSessionUrl ?? null;
      } catch {
        // Spec 8: a failed logout call is ignored; local state is cleared anyway.
      }
    }
    deps.setAuthorization(null);
    removeTokenCookie();
    setUser(null);
    deps.onCleared?.();
    if (endSessionUrl) (deps.leave ?? ((url: string) => window.location.assign(url)))(endSessionUrl);
  }

  async function refreshOnce(): Promise<boolean> {
    // Another tab may have rotated the tokens already: the cookie holds the newest pair, and
    // posting our old refresh token again would look like theft and end the session everywhere.
    const stored = readTokenCookie();
    if (stored && user && stored.refreshToken && stored.refreshToken !== user.refreshToken) {
      acceptTokens(stored);
      return true;
    }
    const refreshToken = user?.refreshToken;
    if (!refreshToken) return true;
    try {
      const result = await deps.client.call(authApi.refresh, { body: { refreshToken }, noRetry: true });
      // Stored at once: a page reloaded from here on must post the new refresh token, not the replaced one.
      acceptTokens(result);
      return true;
    } catch (error) {
      // No answer (offline, at a door with no reception), or none from the server (a proxy's error page, a captive portal): nothing was refused, so the session
      // stays as it is and the next refresh, or the next 401, tries again once the network is back.
      if (hasCode(error, 'network', 'unexpected') || (isApiError(error) && error.status >= 500)) return true;
      // Refused, but another tab (a browser without Web Locks) may have stored a newer pair meanwhile: that pair still holds.
      const latest = readTokenCookie();
      if (latest?.refreshToken && latest.refreshToken !== refreshToken) {
        acceptTokens(latest);
        return true;
      }
      return false;
    }
  }

  return {
    getUser: () => user,
    isLoggedIn: () => Boolean(user?.jwt),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async restore() {
      const tokens = readTokenCookie();
      if (!tokens) {
        await logout();
        return false;
      }
      acceptTokens(tokens);
      return true;
    },
    async login(credentials) {
      const result = await deps.client.call(authApi.login, { body: credentials, noRetry: true });
      return acceptTokens(result);
    },
    acceptTokens,
    refresh() {
      // Refresh tokens rotate, so concurrent callers must share one request.
      pendingRefresh ??= withRefreshLock(refreshOnce).finally(() => {
        pendingRefresh = null;
      });
      return pendingRefresh;
    },
    async fetchUser() {
      if (!user?.jwt) return null;
      try {
        const info = await deps.client.call(authApi.user);
        if (!user) return null;
        setUser({ ...user, id: info.id || user.id, name: info.name, email: info.email });
        return user;
      } catch {
        return null;
      }
    },
    logout,
  };
}

/**
 * What a feature keeps in the browser for the signed-in person (a door's list of who is going)
 * goes under this prefix, and goes with their session.
 */
export const PRIVATE_STORAGE_PREFIX = 'hubbub.private.';

function clearPrivateStorage() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PRIVATE_STORAGE_PREFIX)) localStorage.removeItem(key);
  } catch {
    // No storage (a locked-down browser): nothing was kept.
  }
}

/** The app's one session. Cached answers belong to whoever was signed in, so they go with them. */
export const session = createSession({
  client: api,
  setAuthorization,
  onCleared: () => {
    queryClient.clear();
    clearPrivateStorage();
  },
  // Public answers (e.g. a person's relation flags) differ once signed in: refetch them.
  onSignedIn: () => void queryClient.resetQueries(),
});
