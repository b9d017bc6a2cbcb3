import { useMutation } from '@tanstack/react-query';
import { paths, RegistrationResultSchema, type Registration, type RegistrationResult } from '@hubbub/contract';
import { api } from '@/lib/api';

export function register(body: Registration): Promise<RegistrationResult> {
  return api.post(paths.register, body, { schema: RegistrationResultSchema, noRetry: true });
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
