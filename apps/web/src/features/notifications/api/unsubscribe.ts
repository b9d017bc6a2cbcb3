import { useMutation } from '@tanstack/react-query';
import { notificationsApi, type UnsubscribeResult } from '@hubbub/contract';
import { publicApi } from '@/lib/api';

/**
 * Turns off what the signed link names. Through the public client: the link is its own proof, so
 * it goes without a sign-in or a tenant, and a person signed in here cannot turn it into theirs.
 */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return publicApi.call(notificationsApi.unsubscribe, { params: { token }, noRetry: true });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
