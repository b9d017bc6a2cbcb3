import { useLocation } from 'react-router';
import { DEFAULT_RETURN_PATH, safeReturnPath } from '@hubbub/contract';

/** An auth page's address that carries the email and the way on (only a same-site path, never the default). */
function withParams(path: string, params: { email?: string | null; redirect?: string | null }): string {
  const search = new URLSearchParams();
  if (params.email) search.set('email', params.email);
  const redirect = safeReturnPath(params.redirect);
  if (params.redirect && redirect !== DEFAULT_RETURN_PATH) search.set('redirect', redirect);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

export const signInPath = (params: { email?: string | null; redirect?: string | null } = {}) => withParams('/login', params);
export const registerPath = (params: { redirect?: string | null } = {}) => withParams('/register', params);
export const verificationPath = (params: { email?: string | null; redirect?: string | null } = {}) => withParams('/verification', params);

/**
 * Why the sign-in page was sent to, in a line: the page someone wanted names what signing in
 * gives them. Null when nobody was sent (the page was opened as itself).
 */
export function signInReason(redirect: string | null | undefined): string | null {
  if (!redirect) return null;
  const path = safeReturnPath(redirect);
  if (path === DEFAULT_RETURN_PATH && redirect !== DEFAULT_RETURN_PATH) return null;
  if (/^\/(e|event)\//.test(path)) return 'Sign in to continue to this event.';
  if (/^\/buzz(\/|\?|#|$)/.test(path)) return 'Sign in to watch the buzz.';
  return 'Sign in to continue where you were.';
}

/**
 * The header's "Sign in" and "Create account": they come back to the page they were opened from;
 * on the auth pages themselves, the way on those already carry is kept.
 */
export function useAuthLinks(): { signIn: string; register: string } {
  const { pathname, search } = useLocation();
  const redirect = /^\/(login|register|verification)\/?$/.test(pathname) ? new URLSearchParams(search).get('redirect') : pathname + search;
  return { signIn: signInPath({ redirect }), register: registerPath({ redirect }) };
}
