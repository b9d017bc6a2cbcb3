import { queryOptions, useQuery } from '@tanstack/react-query';
import { accountApi, type Account } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getAccount(): Promise<Account> {
  return api.call(accountApi.get);
}

export function accountQueryOptions() {
  return queryOptions({ queryKey: queryKeys.account, queryFn: getAccount });
}

export function useAccount() {
  return useQuery(accountQueryOptions());
}
