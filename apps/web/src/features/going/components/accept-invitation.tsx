import { useEffect } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { isApiError, queryKeys } from '@/lib/api';
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
  // A query, not a mutation: opening the link is idempotent, and a remount (StrictMode) asks once.
  const accepted = useQuery({
    queryKey: [...queryKeys.going.summary(eventId), 'accept', token],
    queryFn: () => acceptInvitation(eventId, token),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
  const summary = accepted.data;
  useEffect(() => {
    if (!summary) return;
    client.setQueryData(queryKeys.going.summary(eventId), summary);
    notify.success('You are invited: here is the event.');
    void navigate(`/event/${eventId}`, { replace: true });
  }, [summary, client, eventId, navigate]);
  if (accepted.isError) {
    const gone = isApiError(accepted.error) && (accepted.error.status === 404 || accepted.error.status === 400);
    return (
      <Stack align="center" gap="md" data-testid="invitation-invalid">
        <NotFoundPanel
          title={gone ? 'This invitation link does not work' : 'The invitation could not be opened'}
          message={gone ? 'It was replaced or taken back, or the event is gone. Ask the host for a new link.' : 'Something went wrong on our side. Try the link again in a moment.'}
        />
        <Button component={Link} to="/search" variant="default">
          Find other events
        </Button>
      </Stack>
    );
  }
  return <PageLoader label="Opening your invitation" />;
}
