import { useNavigate } from 'react-router';
import { OpenLink } from '@/components/open-link';
import { queryKeys } from '@/lib/api';
import { notify } from '@/lib/ui';
import { acceptCoHost } from '../api/co-hosts';

/**
 * A door staff link opened by a signed-in person (a visitor signs in or up on the way): the role
 * is theirs, and they land on the door screen. Opening it again is harmless.
 */
export function AcceptCoHost({ eventId, token }: { eventId: string; token: string }) {
  const navigate = useNavigate();
  return (
    <OpenLink
      queryKey={[...queryKeys.coHosts(eventId), 'accept', token]}
      open={() => acceptCoHost(eventId, token)}
      onOpened={() => {
        notify.success('You are door staff: here is the door.');
        void navigate(`/event/${eventId}/check-in`, { replace: true });
      }}
      loadingLabel="Opening the door"
      gone={{ title: 'This link does not work', message: 'It was taken back, sent to another address, or the event is gone. Ask the host for a new one.' }}
      failedTitle="The link could not be opened"
      away={{ to: '/dashboard', label: 'Go to your dashboard' }}
      testId="co-host-invalid"
    />
  );
}
