import { DEFAULT_TENANT, TENANT_HEADER, externalStartPath, type ExternalProviderSlug } from '@hubbub/contract';
import { api } from '../api/http-client';

/**
 * The provider sends the browser back to one callback page for signing in and for connecting a
 * provider in Settings; the page learns which from this tab's session storage (the server's
 * record of the attempt decides whether it is accepted).
 */
const INTENT_KEY = 'hubbub_external_intent';

export type ExternalIntent = 'login' | 'link';

export function rememberExternalIntent(intent: ExternalIntent): void {
  try {
    sessionStorage.setItem(INTENT_KEY, intent);
  } catch {
    // Storage refused (private mode): the callback assumes a sign-in.
  }
}

/** The remembered intent; a sign-in when nothing was remembered. */
export function readExternalIntent(): ExternalIntent {
  try {
    return sessionStorage.getItem(INTENT_KEY) === 'link' ? 'link' : 'login';
  } catch {
    return 'login';
  }
}

export function forgetExternalIntent(): void {
  try {
    sessionStorage.removeItem(INTENT_KEY);
  } catch {
    // nothing was stored
  }
}

/** The sign-in button's address: a navigation to the server, which redirects to the provider. */
export function externalStartUrl(slug: ExternalProviderSlug, returnTo: string): string {
  return externalStartPath(slug, { tenant: api.headers[TENANT_HEADER] ?? DEFAULT_TENANT, returnTo });
}
