import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { goingApi, type EventVisibility, type GoingInvitations, type GoingSummary } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

export function getGoingInvitations(eventId: string, signal?: AbortSignal): Promise<GoingInvitations> {
  return engineApi.call(goingApi.invitations, { params: { id: eventId }, signal });
}

export function goingInvitationsQueryOptions(eventId: string) {
  return queryOptions({ queryKey: queryKeys.going.invitations(eventId), queryFn: ({ signal }) => getGoingInvitations(eventId, signal) });
}

/** Who may see the event, its invitation link and who was invited (the host). */
export function useGoingInvitations(eventId: string) {
  return useQuery(goingInvitationsQueryOptions(eventId));
}

export type InvitationChange =
  | { kind: 'visibility'; visibility: EventVisibility; newLink?: boolean }
  | { kind: 'invite'; emails: string[] }
  | { kind: 'uninvite'; invitationId: string };

function change(eventId: string, what: InvitationChange): Promise<GoingInvitations> {
  const params = { id: eventId };
  switch (what.kind) {
    case 'visibility':
      return engineApi.call(goingApi.visibility, { params, body: { visibility: what.visibility, newLink: what.newLink ?? false } });
    case 'invite':
      return engineApi.call(goingApi.invite, { params, body: { emails: what.emails } });
    case 'uninvite':
      return engineApi.call(goingApi.uninvite, { params: { id: eventId, invitationId: what.invitationId } });
  }
}

/** The host changes who may see the event or who is invited; the event (its badge) follows. */
export function useChangeInvitations(eventId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (what: InvitationChange) => change(eventId, what),
    onSuccess: (answer) => {
      client.setQueryData(queryKeys.going.invitations(eventId), answer);
      void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
    },
  });
}

/** Opens an invitation link for the signed-in person: the event is theirs to see from now on. */
export function acceptInvitation(eventId: string, token: string): Promise<GoingSummary> {
  return engineApi.call(goingApi.accept, { params: { id: eventId }, body: { token } });
}

/** The address of an invitation link, as the host shares it. */
export const invitationUrl = (eventId: string, token: string) => `${window.location.origin}/event/${eventId}/invitation/${token}`;
