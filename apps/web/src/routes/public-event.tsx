import { useEffect, useState } from 'react';
import { Anchor, Stack, Text, Title } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { PageLoader } from '@/components/page-loader';

const TRIES_KEY = 'hubbub_public_event_tries';

/** This document was itself loaded for `path`: the app was served where the server's page should have been. */
function servedHere(path: string): boolean {
  const entry = performance.getEntriesByType('navigation')[0];
  return Boolean(entry) && new URL(entry.name, window.location.href).pathname === path;
}

/** Counts the tries at one address within a few seconds, so a page that keeps coming back here stops. */
function tryCount(path: string): number {
  type Tries = { path: string; at: number; count: number } | null;
  let tries: Tries;
  try {
    tries = JSON.parse(sessionStorage.getItem(TRIES_KEY) ?? 'null') as Tries;
  } catch {
    tries = null;
  }
  const count = tries && tries.path === path && Date.now() - tries.at < 10_000 ? tries.count + 1 : 1;
  sessionStorage.setItem(TRIES_KEY, JSON.stringify({ path, at: Date.now(), count }));
  return count;
}

/**
 * /e/{slug}, the public event page, is written by the server, not by the app. Reached inside the
 * app (signing in from it comes back here), the browser loads it from the server, which sends a
 * signed-in person on to the full page. A service worker installed before the page existed may
 * still answer the address with the app itself: it is let go first, so the next load reaches the
 * server (and the app installs the current one again on its next start).
 */
export default function PublicEventRoute() {
  const { pathname, search, hash } = useLocation();
  // Decided once, when the route opens: go to the server, let a stale service worker go first, or stop.
  const [plan] = useState<'load' | 'release' | 'stuck'>(() => (!servedHere(pathname) ? 'load' : tryCount(pathname) > 2 ? 'stuck' : 'release'));
  const stuck = plan === 'stuck';
  useEffect(() => {
    const target = `${pathname}${search}${hash}`;
    if (plan === 'load') window.location.replace(target);
    if (plan !== 'release') return;
    const workers = 'serviceWorker' in navigator ? navigator.serviceWorker.getRegistrations() : Promise.resolve([]);
    void workers
      .then((registrations) => Promise.all(registrations.map((registration) => registration.unregister())))
      .catch(() => undefined)
      .then(() => window.location.replace(target));
  }, [plan, pathname, search, hash]);

  if (!stuck) return <PageLoader />;
  return (
    <Stack align="center" ta="center" py="xl" gap="sm">
      <Title order={1}>This event page could not be opened</Title>
      <Text c="dimmed">Reload the page to try again, or find the event on the map.</Text>
      <Anchor component={Link} to="/search">
        Find events on the map
      </Anchor>
    </Stack>
  );
}
