import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { federationApi, type FederationBlockCreate, type FederationOverview } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getFederationOverview(signal?: AbortSignal): Promise<FederationOverview> {
  return api.call(federationApi.overview, { signal });
}

export function federationOverviewQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.federation, queryFn: ({ signal }) => getFederationOverview(signal) });
}

export function useFederationOverview() {
  return useQuery(federationOverviewQueryOptions());
}

export function blockRemote(input: FederationBlockCreate): Promise<FederationOverview> {
  return api.call(federationApi.block, { body: input });
}

export function liftBlock(input: { id: string; reason: string }): Promise<FederationOverview> {
  return api.call(federationApi.unblock, { params: { id: input.id }, body: { reason: input.reason } });
}

/** Each answer is the screen as it is after the change; the audit log has a new entry. */
function useOverviewChange<I>(change: (input: I) => Promise<FederationOverview>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: (overview) => {
      client.setQueryData(queryKeys.admin.federation, overview);
      void client.invalidateQueries({ queryKey: queryKeys.admin.auditAll });
    },
  });
}

export const useBlockRemote = () => useOverviewChange(blockRemote);
export const useLiftBlock = () => useOverviewChange(liftBlock);
