import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, type AccountUsage } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Spec 7/8: a failure yields null, with no message. */
export async function getUsage(): Promise<AccountUsage | null> {
  try {
    return await engineApi.call(accountApi.usage);
  } catch {
    return null;
  }
}

export function usageQueryOptions() {
  return queryOptions({ queryKey: queryKeys.usage, queryFn: getUsage });
}

export function useUsage(enabled = true) {
  return useQuery({ ...usageQueryOptions(), enabled });
}
