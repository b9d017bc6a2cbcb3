import { useMutation } from '@tanstack/react-query';
import { MessageSchema, paths, type Message } from '@hubbub/contract';
import { api } from '@/lib/api';

export interface ResetPasswordInput {
  code: string;
  password: string;
}

export function resetPassword({ code, password }: ResetPasswordInput): Promise<Message> {
  return api.post(paths.reset(code.trim()), { password }, { schema: MessageSchema, noRetry: true });
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
