import { useMutation } from '@tanstack/react-query';
import { MessageSchema, paths, type ForgotPassword, type Message } from '@hubbub/contract';
import { api } from '@/lib/api';

export function forgotPassword(body: ForgotPassword): Promise<Message> {
  return api.post(paths.forgot, body, { schema: MessageSchema, noRetry: true });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
