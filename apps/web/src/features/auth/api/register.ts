import { useMutation } from '@tanstack/react-query';
import { authApi, type Registration, type RegistrationResult } from '@hubbub/contract';
import { api } from '@/lib/api';
import { rememberPendingSignIn } from '../verify-sign-in';

/**
 * Creates the account. This browser keeps the key the answer carries, with where the person was
 * going: verifying here later signs them in and takes them there.
 */
export async function register(body: Registration, redirect: string): Promise<RegistrationResult> {
  const result = await api.call(authApi.register, { body, noRetry: true });
  rememberPendingSignIn({ signInKey: result.signInKey, redirect, email: result.email });
  return result;
}

export function useRegister(redirect: string) {
  return useMutation({ mutationFn: (body: Registration) => register(body, redirect) });
}
