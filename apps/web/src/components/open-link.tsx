import { useEffect, useRef, type ReactNode } from 'react';
import { Button, Stack } from '@mantine/core';
import { useQuery, type QueryKey } from '@tanstack/react-query';
import { Link } from 'react-router';
import { isApiError } from '@/lib/api';
import { NotFoundPanel } from './not-found-panel';
import { PageLoader } from './page-loader';

interface OpenLinkProps<T> {
  /** The link's own key: opening it is idempotent, so a remount (StrictMode) asks once. */
  queryKey: QueryKey;
  open: () => Promise<T>;
  /** Once opened: where the person goes, what they are told. */
  onOpened: (answer: T) => void;
  loadingLabel: string;
  /** What a link that no longer works says (404 or 400), and where else to go. */
  gone: { title: string; message: string };
  failedTitle: string;
  away: { to: string; label: string };
  testId: string;
}

/**
 * A link with a secret (an invitation, a co-host's link) opened by a signed-in person: opened
 * once, then `onOpened`; a link that was replaced or taken back says so, without telling more.
 */
export function OpenLink<T>({ queryKey, open, onOpened, loadingLabel, gone, failedTitle, away, testId }: OpenLinkProps<T>): ReactNode {
  const opened = useQuery({
    queryKey,
    queryFn: open,
    retry: (count, error) => !(isApiError(error) && error.status < 500) && count < 2,
    staleTime: Infinity,
  });
  const answer = opened.data;
  // The latest onOpened, called once per answer (it navigates away), not again for a new closure.
  const latest = useRef(onOpened);
  useEffect(() => {
    latest.current = onOpened;
  });
  useEffect(() => {
    if (answer !== undefined) latest.current(answer);
  }, [answer]);
  if (opened.isError) {
    const isGone = isApiError(opened.error) && (opened.error.status === 404 || opened.error.status === 400);
    return (
      <Stack align="center" gap="md" data-testid={testId}>
        <NotFoundPanel title={isGone ? gone.title : failedTitle} message={isGone ? gone.message : 'Something went wrong on our side. Try the link again in a moment.'} />
        <Button component={Link} to={away.to} variant="default">
          {away.label}
        </Button>
      </Stack>
    );
  }
  return <PageLoader label={loadingLabel} />;
}
