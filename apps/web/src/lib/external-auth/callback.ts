import { EXTERNAL_PROVIDER_LABELS, type ExternalLogin, type ExternalProvider } from '@hubbub/contract';

export type CallbackResult = { kind: 'answer'; body: ExternalLogin } | { kind: 'error'; message: string };

/**
 * What the provider's redirect brought: the code and state to post, or an error. The provider's
 * own error_description is never shown: anyone can put text in this address.
 */
export function readCallback(provider: ExternalProvider, search: URLSearchParams): CallbackResult {
  const label = EXTERNAL_PROVIDER_LABELS[provider];
  const error = search.get('error');
  if (error === 'access_denied') return { kind: 'error', message: `Signing in with ${label} was cancelled.` };
  if (error === 'temporarily_unavailable' || error === 'server_error') {
    return { kind: 'error', message: `${label} could not be reached just now. Try again in a moment.` };
  }
  if (error === 'slow_down') return { kind: 'error', message: 'Too many sign-in attempts from your network. Try again in a few minutes.' };
  if (error) return { kind: 'error', message: `${label} could not sign you in (${error.slice(0, 40)}). Try again, or sign in with your email and password.` };
  const code = search.get('code');
  const state = search.get('state');
  if (!code || !state) return { kind: 'error', message: `This page expects an answer from ${label}, and there is none. Start again from the sign-in page.` };
  const iss = search.get('iss');
  return { kind: 'answer', body: { provider, code, state, ...(iss ? { iss } : {}) } };
}
