import { useMutation } from '@tanstack/react-query';
import { authApi, type Registration, type RegistrationResult } from '@hubbub/contract';
import { api } from '@/lib/api';

export function register(body: Registration): Promise<RegistrationResult> {
  return api.call(authApi.register, { body, noRetry: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
