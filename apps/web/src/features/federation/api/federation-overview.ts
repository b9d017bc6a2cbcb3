import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { federationApi, type FederationBlockCreate, type FederationFollowCreate, type FederationOverview } from '@hubbub/contract';
import { api, queryKeys } from '@/lib/api';

export function getFederationOverview(signal?: AbortSignal): Promise<FederationOverview> {
  return api.call(federationApi.overview, { signal });
}

/** While a follow is being looked up or waits for its server's answer, the screen reads it again (the server's round does the asking). */
function pollWhileAsking(overview: FederationOverview | undefined): number | false {
  const states = new Set(overview?.following.map((f) => f.state));
  return states.has('finding') ? 2_000 : states.has('asked') ? 10_000 : false;
}

export function federationOverviewQueryOptions() {
  return queryOptions({ queryKey: queryKeys.admin.federation, queryFn: ({ signal }) => getFederationOverview(signal), refetchInterval: (query) => pollWhileAsking(query.state.data) });
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

export function followRemote(input: FederationFollowCreate): Promise<FederationOverview> {
  return api.call(federationApi.follow, { body: input });
}

export function unfollowRemote(id: string): Promise<FederationOverview> {
  return api.call(federationApi.unfollow, { params: { id } });
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
export const useFollowRemote = () => useOverviewChange(followRemote);
export const useUnfollowRemote = () => useOverviewChange(unfollowRemote);
