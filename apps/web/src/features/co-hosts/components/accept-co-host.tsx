import { useEffect } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from 'react-router';
import { NotFoundPanel } from '@/components/not-found-panel';
import { PageLoader } from '@/components/page-loader';
import { isApiError, queryKeys } from '@/lib/api';
import { notify } from '@/lib/ui';
import { acceptCoHost } from '../api/co-hosts';

/**
 * A door staff link opened by a signed-in person (a visitor signs in or up on the way): the role
 * is theirs, and they land on the door screen. Opening it again is harmless.
 */
export function AcceptCoHost({ eventId, token }: { eventId: string; token: string }) {
  const navigate = useNavigate();
  // A query, not a mutation: opening the link is idempotent, and a remount (StrictMode) asks once.
  const accepted = useQuery({
    queryKey: [...queryKeys.coHosts(eventId), 'accept', token],
    queryFn: () => acceptCoHost(eventId, token),
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
  const done = accepted.data;
  useEffect(() => {
    if (!done) return;
    notify.success('You are door staff: here is the door.');
    void navigate(`/event/${eventId}/check-in`, { replace: true });
  }, [done, eventId, navigate]);
  if (accepted.isError) {
    const gone = isApiError(accepted.error) && (accepted.error.status === 404 || accepted.error.status === 400);
    return (
      <Stack align="center" gap="md" data-testid="co-host-invalid">
        <NotFoundPanel
          title={gone ? 'This link does not work' : 'The link could not be opened'}
          message={gone ? 'It was taken back, someone else opened it, or the event is gone. Ask the host for a new one.' : 'Something went wrong on our side. Try the link again in a moment.'}
        />
        <Button component={Link} to="/dashboard" variant="default">
          Go to your dashboard
        </Button>
      </Stack>
    );
  }
  return <PageLoader label="Opening the door" />;
}
