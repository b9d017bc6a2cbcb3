import { useMutation } from '@tanstack/react-query';
import type { Credentials } from '@hubbub/contract';
import { session } from '@/lib/session';

/** Signs in; the session store keeps the tokens (cookie, headers) and resets cached answers. */
export function login(credentials: Credentials) {
  return session.login(credentials);
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
