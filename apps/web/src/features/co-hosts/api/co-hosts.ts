import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { coHostsApi, type CoHostAccepted, type CoHostInvite, type CoHosts } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

export function getCoHosts(eventId: string, signal?: AbortSignal): Promise<CoHosts> {
  return engineApi.call(coHostsApi.list, { params: { id: eventId }, signal });
}

export function coHostsQueryOptions(eventId: string) {
  // Read again now and then: the host sees door staff join while the door screen is open.
  return queryOptions({ queryKey: queryKeys.coHosts(eventId), queryFn: ({ signal }) => getCoHosts(eventId, signal), refetchInterval: 10_000 });
}

/** The people the host named to help run the event (the host's). */
export function useCoHosts(eventId: string) {
  return useQuery(coHostsQueryOptions(eventId));
}

export type CoHostChange = ({ kind: 'invite' } & CoHostInvite) | { kind: 'remove'; coHostId: string };

function change(eventId: string, what: CoHostChange): Promise<CoHosts> {
  if (what.kind === 'remove') return engineApi.call(coHostsApi.remove, { params: { id: eventId, coHostId: what.coHostId } });
  return engineApi.call(coHostsApi.invite, { params: { id: eventId }, body: { email: what.email, role: what.role } });
}

/** Names a co-host by email or takes one back; the answer is the new list. */
export function useChangeCoHosts(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: CoHostChange) => change(eventId, what),
    onSuccess: (answer) => client.setQueryData(queryKeys.coHosts(eventId), answer),
  });
}

/** Opens a co-host invitation link for the signed-in person. */
export function acceptCoHost(eventId: string, token: string): Promise<CoHostAccepted> {
  return engineApi.call(coHostsApi.accept, { params: { id: eventId }, body: { token } });
}
