import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountUsageSchema, paths, type AccountUsage } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

/** Spec 7/8: a failure yields null, with no message. */
export async function getUsage(): Promise<AccountUsage | null> {
  try {
    return await engineApi.get(paths.usage, { schema: AccountUsageSchema });
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
