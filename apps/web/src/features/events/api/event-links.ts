import { useMutation, useQueryClient } from '@tanstack/react-query';
import { eventLinksApi, type HubEvent, type LinkType } from '@hubbub/contract';
import { engineApi, queryKeys } from '@/lib/api';

export function linkEvent(eventId: string, type: LinkType): Promise<{ id: string }> {
  return engineApi.call(eventLinksApi.create, { body: { eventId, type } });
}

export function unlinkEvent(linkId: string) {
  return engineApi.call(eventLinksApi.delete, { params: { id: linkId } });
}

export interface ToggleLink {
  eventId: string;
  type: LinkType;
  /** The link to delete; null creates one. */
  linkId: string | null;
}

/** Creates or deletes a Star, Follow or Attendee link and updates the event's counts in place. */
export function useToggleEventLink() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ eventId, type, linkId }: ToggleLink) =>
      linkId ? (await unlinkEvent(linkId), null) : (await linkEvent(eventId, type)).id,
    onSuccess: (newLinkId, { eventId, type }) => {
      client.setQueryData<HubEvent>(queryKeys.events.detail(eventId), (event) => {
        if (!event) return event;
        const delta = newLinkId ? 1 : -1;
        return {
          ...event,
          myLinks: { ...event.myLinks, [type]: newLinkId },
          linkCounts: { ...event.linkCounts, [type]: Math.max(0, event.linkCounts[type] + delta) },
          isFollowingId: type === 'Follow' ? newLinkId : event.isFollowingId,
        };
      });
      // The server's counts win once they arrive (others may have linked meanwhile).
      void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
      if (type === 'Follow') void client.invalidateQueries({ queryKey: queryKeys.events.following });
    },
  });
}

/** Unfollow from a list that only knows the follow link's id. */
export function useUnfollowEvent() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ linkId }: { eventId: string; linkId: string }) => unlinkEvent(linkId),
    onSuccess: (_ok, { eventId }) => {
      void client.invalidateQueries({ queryKey: queryKeys.events.following });
      void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
    },
  });
}
