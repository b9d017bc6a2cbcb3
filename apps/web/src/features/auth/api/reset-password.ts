import { useMutation } from '@tanstack/react-query';
import { authApi, type Message } from '@hubbub/contract';
import { api } from '@/lib/api';

export interface ResetPasswordInput {
  code: string;
  password: string;
}

export function resetPassword({ code, password }: ResetPasswordInput): Promise<Message> {
  return api.call(authApi.resetPassword, { params: { code: code.trim() }, body: { password }, noRetry: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
