import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { localTimeZone } from '@hubbub/contract';
import { todayIn } from './date-window';
import { hasView, parseSearchParams, toFilters, toSearchParams, type SearchState } from './search-state';

/** The browser's zone: date windows are the viewer's days. */
const viewerZone = localTimeZone;

/**
 * The search lives in the URL, so reload and share restore it. Updates replace the history
 * entry: every pan would otherwise bury the page the person came from.
 *
 * Each update builds on the previous update, not on the last render: the router renders a new
 * URL later (in a transition), and the map's settle and the search box's debounce often fire in
 * that gap. Built on the render, the second would write back the URL the first replaced, and the
 * typed text (or the view) would silently vanish.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const [timeZone] = useState(viewerZone);
  const today = todayIn(timeZone);
  const state = useMemo(() => parseSearchParams(params, today), [params, today]);
  const filters = useMemo(() => toFilters(state, timeZone), [state, timeZone]);

  // The URL as shown and as last written, with the writes still on their way. A shown URL that is
  // none of ours (Back, a link) starts afresh; one of ours that a later write follows does not.
  // Noted once the URL is committed, before any event can see it: a render may be thrown away.
  const written = useRef({ rendered: params, latest: params, pending: new Set<string>() });
  useLayoutEffect(() => {
    const w = written.current;
    if (w.rendered === params) return;
    const key = params.toString();
    if (w.pending.has(key) && key !== w.latest.toString()) w.rendered = params;
    else written.current = { rendered: params, latest: params, pending: new Set() };
  }, [params]);

  const update = useCallback(
    (patch: Partial<SearchState>) => {
      const base = parseSearchParams(written.current.latest, today);
      const next = toSearchParams({ ...base, ...patch });
      // The map reports its view after every settle, often unchanged: no navigation for that.
      if (next.toString() === written.current.latest.toString()) return;
      written.current.latest = next;
      written.current.pending.add(next.toString());
      setParams(next, { replace: true, preventScrollReset: true });
    },
    [setParams, today],
  );

  return { state, filters, update, today, timeZone, hasOwnView: hasView(params) };
}
