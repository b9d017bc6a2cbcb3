import { describe, expect, it } from 'vitest';
import { EXACT_COUNT_MAX, totalOf } from './search-count.js';

const DAY = 86_400_000;
const window = { fromMs: 1_000 * DAY, toMs: 1_007 * DAY };
const first = { offset: 0, limit: 50 };
const rows = (over: Partial<Parameters<typeof totalOf>[0]>) => ({ counted: 0, countedUpcoming: 0, firstUpcomingMs: null, lastCountedMs: null, pageRows: 0, ...over, countedOnce: over.countedOnce ?? over.counted ?? 0 });

describe('totalOf', () => {
  it('is exact up to the threshold', () => {
    expect(totalOf(rows({ counted: 0 }), window, first)).toEqual({ total: 0, estimate: false });
    expect(totalOf(rows({ counted: EXACT_COUNT_MAX, countedUpcoming: EXACT_COUNT_MAX, pageRows: 51 }), window, first)).toEqual({ total: EXACT_COUNT_MAX, estimate: false });
  });

  it('beyond it, extrapolates the upcoming matches over the window and adds the running ones', () => {
    // 1,001 counted: 101 still running from before the window, 900 in its first day of seven.
    const r = rows({ counted: EXACT_COUNT_MAX + 1, countedUpcoming: 900, lastCountedMs: window.fromMs + DAY, pageRows: 51 });
    expect(totalOf(r, window, first)).toEqual({ total: 101 + 900 * 7, estimate: true });
  });

  it('counts a series once: exactly when every match was read, at its share of the sample beyond', () => {
    // 600 dates, of which 200 are later dates of series already counted: 400 entries in the list.
    expect(totalOf(rows({ counted: 600, countedOnce: 400, countedUpcoming: 600 }), window, first)).toEqual({ total: 400, estimate: false });
    // Beyond the threshold, the same 101 + 900 × 7 dates as below, of which the sample held one entry per two dates.
    const r = rows({ counted: EXACT_COUNT_MAX + 1, countedOnce: 501, countedUpcoming: 900, lastCountedMs: window.fromMs + DAY, pageRows: 51 });
    expect(totalOf(r, window, first)).toEqual({ total: Math.round(((101 + 900 * 7) * 501) / 1001), estimate: true });
  });

  it('measures the rate from the first upcoming match, not from a quiet start of the window', () => {
    // Nothing in the window's first three days, then 1,001 matches in one day: four days of that
    // rate to the window's end, not one seventh of the window.
    const r = rows({ counted: EXACT_COUNT_MAX + 1, countedUpcoming: EXACT_COUNT_MAX + 1, firstUpcomingMs: window.fromMs + 3 * DAY, lastCountedMs: window.fromMs + 4 * DAY, pageRows: 51 });
    expect(totalOf(r, window, first)).toEqual({ total: (EXACT_COUNT_MAX + 1) * 4, estimate: true });
  });

  it('never says less than what was counted, nor than the rows up to a page that has a next one', () => {
    const r = rows({ counted: EXACT_COUNT_MAX + 1, countedUpcoming: EXACT_COUNT_MAX + 1, lastCountedMs: window.toMs, pageRows: 51 });
    expect(totalOf(r, window, first)).toEqual({ total: EXACT_COUNT_MAX + 1, estimate: true });
    expect(totalOf(r, window, { offset: 5000, limit: 50 })).toEqual({ total: 5051, estimate: true });
  });

  it('with every counted match still running from before the window, says what it counted', () => {
    const r = rows({ counted: EXACT_COUNT_MAX + 1, countedUpcoming: 0, lastCountedMs: window.fromMs - DAY, pageRows: 51 });
    expect(totalOf(r, window, first)).toEqual({ total: EXACT_COUNT_MAX + 1, estimate: true });
  });

  it('is exact again on the last page, and at most the offset past it', () => {
    const r = { counted: EXACT_COUNT_MAX + 1, countedUpcoming: 1000, firstUpcomingMs: null, lastCountedMs: window.fromMs + DAY };
    expect(totalOf(rows({ ...r, pageRows: 20 }), window, { offset: 3000, limit: 50 })).toEqual({ total: 3020, estimate: false });
    expect(totalOf(rows({ ...r, pageRows: 0 }), window, { offset: 4000, limit: 50 })).toEqual({ total: 4000, estimate: true });
  });
});
