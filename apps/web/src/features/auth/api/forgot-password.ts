import { useMutation } from '@tanstack/react-query';
import { authApi, type ForgotPassword, type Message } from '@hubbub/contract';
import { api } from '@/lib/api';

export function forgotPassword(body: ForgotPassword): Promise<Message> {
  return api.call(authApi.forgotPassword, { body, noRetry: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
