import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { todayIn } from './date-window';
import { hasView, parseSearchParams, toFilters, toSearchParams, type SearchState } from './search-state';

/** The browser's zone: date windows are the viewer's days. */
function viewerZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/**
 * The search lives in the URL, so reload and share restore it. Updates replace the history
 * entry: every pan would otherwise bury the page the person came from.
 */
export function useSearchState() {
  const [params, setParams] = useSearchParams();
  const timeZone = useMemo(viewerZone, []);
  const today = todayIn(timeZone);
  const state = useMemo(() => parseSearchParams(params, today), [params, today]);
  const filters = useMemo(() => toFilters(state, timeZone), [state, timeZone]);

  const update = useCallback(
    (patch: Partial<SearchState>) => {
      const next = toSearchParams({ ...state, ...patch });
      // The map reports its view after every settle, often unchanged: no navigation for that.
      if (next.toString() !== params.toString()) setParams(next, { replace: true, preventScrollReset: true });
    },
    [params, setParams, state],
  );

  return { state, filters, update, today, timeZone, hasOwnView: hasView(params) };
}
