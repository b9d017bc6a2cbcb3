import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { OpenLink } from '@/components/open-link';
import { queryKeys } from '@/lib/api';
import { notify } from '@/lib/ui';
import { acceptInvitation } from '../api/invitations';

/**
 * An invitation link opened by a signed-in person (a visitor signs in on the way): they are let in
 * and taken to the event's page. Opening it again is harmless; a link that was replaced or taken
 * back says so, without telling whether the event exists.
 */
export function AcceptInvitation({ eventId, token }: { eventId: string; token: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <OpenLink
      queryKey={[...queryKeys.going.summary(eventId), 'accept', token]}
      open={() => acceptInvitation(eventId, token)}
      onOpened={(summary) => {
        client.setQueryData(queryKeys.going.summary(eventId), summary);
        notify.success('You are invited: here is the event.');
        void navigate(`/event/${eventId}`, { replace: true });
      }}
      loadingLabel="Opening your invitation"
      gone={{ title: 'This invitation link does not work', message: 'It was replaced or taken back, or the event is gone. Ask the host for a new link.' }}
      failedTitle="The invitation could not be opened"
      away={{ to: '/search', label: 'Find other events' }}
      testId="invitation-invalid"
    />
  );
}
