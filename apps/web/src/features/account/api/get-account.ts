import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountSchema, paths, type Account } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getAccount(): Promise<Account> {
  return api.get(paths.account, { schema: AccountSchema });
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account, queryFn: getAccount });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
