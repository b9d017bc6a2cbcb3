import { safeReturnPath } from '@hubbub/contract';

/**
 * What the browser that registered keeps until the email is verified: the key the registration
 * answered (it signs this browser in with the emailed token or code) and where the person was
 * going. Local storage, not the tab's session storage: the emailed link opens in a new tab.
 */
const STORAGE_KEY = 'hubbub_verify_sign_in';
/** The server's verification secret lives 24 hours; a key kept longer can sign in nobody. */
const KEEP_MS = 24 * 60 * 60 * 1000;

export interface PendingSignIn {
  signInKey: string;
  /** A same-site path (safeReturnPath); /dashboard when they came from nowhere in particular. */
  redirect: string;
  email: string;
}

export function rememberPendingSignIn(pending: PendingSignIn, now = Date.now()): void {
  try {
    localStorage.setItem(STORAGE_KEY, JSON.stringify({ ...pending, redirect: safeReturnPath(pending.redirect), savedAt: now }));
  } catch {
    // Storage refused (private mode): verifying still works, then asks to sign in.
  }
}

/** The key and the way on, or null when there is none, it is stale, or it was tampered into nonsense. */
export function readPendingSignIn(now = Date.now()): PendingSignIn | null {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null');
    if (!stored || typeof stored !== 'object') return null;
    const { signInKey, redirect, email, savedAt } = stored as Record<string, unknown>;
    if (typeof signInKey !== 'string' || typeof savedAt !== 'number' || now - savedAt > KEEP_MS) return null;
    return { signInKey, redirect: safeReturnPath(typeof redirect === 'string' ? redirect : null), email: typeof email === 'string' ? email : '' };
  } catch {
    return null;
  }
}

export function forgetPendingSignIn(): void {
  try {
    localStorage.removeItem(STORAGE_KEY);
  } catch {
    // nothing was stored
  }
}
