import { queryOptions, useQuery } from '@tanstack/react-query';
import { AccountSchema, paths, type Account } from '@hubbub/contract';
import { api } from '@/lib/api';

export const accountQueryKey = ['account'] as const;

export function getAccount(): Promise<Account> {
  return api.get(paths.account, { schema: AccountSchema });
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: accountQueryKey, queryFn: getAccount });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
