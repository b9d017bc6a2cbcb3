import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { OpenLink } from '@/components/open-link';
import { queryKeys } from '@/lib/api';
import { notify } from '@/lib/ui';
import { acceptCoHost } from '../api/co-hosts';

/**
 * A co-host or door staff link opened by a signed-in person (a visitor signs in or up on the way):
 * the role is theirs, and they land where it lets them work (a co-host on the event, door staff on
 * the door screen). Opening it again is harmless.
 */
export function AcceptCoHost({ eventId, token }: { eventId: string; token: string }) {
  const navigate = useNavigate();
  const client = useQueryClient();
  return (
    <OpenLink
      queryKey={[...queryKeys.coHosts(eventId), 'accept', token]}
      open={() => acceptCoHost(eventId, token)}
      onOpened={({ role }) => {
        // The event as read before says they have no part in it; the new role shows its tools.
        void client.invalidateQueries({ queryKey: queryKeys.events.detail(eventId) });
        if (role === 'co-host') {
          notify.success('You co-host this event now: its host tools are yours.');
          void navigate(`/event/${eventId}`, { replace: true });
          return;
        }
        notify.success('You are door staff: here is the door.');
        void navigate(`/event/${eventId}/check-in`, { replace: true });
      }}
      loadingLabel="Opening your invitation"
      gone={{ title: 'This link does not work', message: 'It was taken back, sent to another address, or the event is gone. Ask the host for a new one.' }}
      failedTitle="The link could not be opened"
      away={{ to: '/dashboard', label: 'Go to your dashboard' }}
      testId="co-host-invalid"
    />
  );
}
