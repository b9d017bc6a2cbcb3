import type { SearchCounts } from './search-repository.js';

/**
 * Up to this many matches the total is exact; beyond it, an estimate (EventSearchResult's
 * totalCountIsEstimate, whose description names this number). Counting costs at most this many
 * index entries, whatever the size of the view.
 */
export const EXACT_COUNT_MAX = 1000;

/** The total of a search and whether it is an estimate; see EventSearchResult.totalCount. */
export function totalOf(rows: SearchCounts, window: { fromMs: number; toMs: number }, page: { offset: number; limit: number }): { total: number; estimate: boolean } {
  const shown = Math.min(rows.pageRows, page.limit);
  // Every match was read: a series counts once, as the list shows it.
  if (rows.counted <= EXACT_COUNT_MAX) return { total: rows.countedOnce, estimate: false };
  // The page ran out: every match is before its end, so the total is known after all.
  if (shown > 0 && rows.pageRows <= page.limit) return { total: page.offset + shown, estimate: false };
  // The first matches in start order, extrapolated at the rate they came from the first upcoming
  // one to the window's end: those still running from before the window are all among them (they
  // sort first). Measured from the first match, not the window's start, so that a window opening
  // on a quiet stretch (a search from a month ago, events only from last week) is not read as sparse.
  const running = rows.counted - rows.countedUpcoming;
  const first = rows.firstUpcomingMs ?? window.fromMs;
  const span = (rows.lastCountedMs ?? first) - first;
  let total = rows.countedUpcoming > 1 && span > 0 ? running + (rows.countedUpcoming * (window.toMs - first)) / span : rows.counted;
  // The dates of series counted once, at the share of the first matches they took.
  total = Math.max(Math.round((total * rows.countedOnce) / rows.counted), rows.countedOnce);
  // Consistent with the page: more than the rows up to here when another page follows; no more
  // than the offset when this page is past the end.
  if (rows.pageRows > page.limit) total = Math.max(total, page.offset + page.limit + 1);
  if (rows.pageRows === 0 && page.offset > 0) total = Math.min(total, page.offset);
  return { total, estimate: true };
}

