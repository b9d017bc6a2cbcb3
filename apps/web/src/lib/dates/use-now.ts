import { useEffect, useState } from 'react';

/**
 * "Now", moving on every `everyMs`: a phase read from the dates (Upcoming, Happening now, Ended)
 * turns over while the page stays open, and rendering stays pure between ticks.
 */
export function useNow(everyMs = 60_000): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = setInterval(() => setNow(new Date()), everyMs);
    return () => clearInterval(timer);
  }, [everyMs]);
  return now;
}
