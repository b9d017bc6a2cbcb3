import { useMutation } from '@tanstack/react-query';
import { calendarPaths, UnsubscribeResultSchema, type UnsubscribeResult } from '@hubbub/contract';
import { publicApi } from '@/lib/api';

/**
 * Turns off what the signed link names. Through the public client: the link is its own proof, so
 * it goes without a sign-in or a tenant, and a person signed in here cannot turn it into theirs.
 */
export function unsubscribe(token: string): Promise<UnsubscribeResult> {
  return publicApi.post(calendarPaths.unsubscribe(token), undefined, { schema: UnsubscribeResultSchema, noRetry: true });
}

export function useUnsubscribe() {
  return useMutation({ mutationFn: unsubscribe });
}
