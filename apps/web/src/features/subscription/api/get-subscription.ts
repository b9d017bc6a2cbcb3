import { queryOptions, useQuery } from '@tanstack/react-query';
import { subscriptionApi, type Subscription } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getSubscription(): Promise<Subscription> {
  return api.call(subscriptionApi.get);
}

export function subscriptionQueryOptions() {
  return queryOptions({ queryKey: queryKeys.subscription, queryFn: getSubscription });
}

/** `pollMs` keeps asking while a change is expected (back from Checkout before Stripe's webhook arrived). */
export function useSubscription(pollMs: number | false = false) {
  return useQuery({ ...subscriptionQueryOptions(), refetchInterval: pollMs });
}
