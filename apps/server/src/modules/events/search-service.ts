import type { z } from 'zod';
import { EVENT_SEARCH_PAGE_SIZE, EventSearchRequestSchema, type EventPartners } from '@hubbub/contract';
import type { AppContext, TenantRef } from '../../app-context.js';
import { centreOf, filterOf } from './search-filter.js';
import { EXACT_COUNT_MAX, totalOf } from './search-count.js';
import { searchPartners } from './partners-repository.js';
import * as repo from './search-repository.js';

type SearchInput = z.output<typeof EventSearchRequestSchema>;

type SearchOpts = { ctx: AppContext; tenant: TenantRef; viewerId: string | null; input: SearchInput };

function pageOf(opts: SearchOpts) {
  const filter = filterOf(opts.ctx, opts.tenant, opts.viewerId, opts.input);
  const page = {
    limit: EVENT_SEARCH_PAGE_SIZE,
    offset: (opts.input.pageNumber - 1) * EVENT_SEARCH_PAGE_SIZE,
    orderBy: opts.input.orderBy,
    descending: opts.input.isDescending,
    centre: centreOf(filter.box),
  };
  return { filter, page };
}

/** The prepared statement and values searchEvents runs for this search (for bench:search, which also runs them straight through the driver). */
export function searchStatementOf(opts: SearchOpts) {
  const { filter, page } = pageOf(opts);
  return repo.searchStatement(filter, page, EXACT_COUNT_MAX);
}

/** A search page as the JSON text of an EventSearchResult: the events come from the database already serialised. */
export async function searchEvents(opts: SearchOpts): Promise<string> {
  const { input } = opts;
  const { filter, page } = pageOf(opts);
  const rows = await repo.searchEvents(opts.ctx.db, filter, page, EXACT_COUNT_MAX);
  const { total, estimate } = totalOf(rows, { fromMs: filter.from.getTime(), toMs: filter.to.getTime() }, page);
  return (
    `{"totalCount":${total},"totalCountIsEstimate":${estimate},"pageNumber":${input.pageNumber},"pageSize":${EVENT_SEARCH_PAGE_SIZE},` +
    `"searchText":${JSON.stringify(input.searchText)},"events":[${rows.eventsJson}]}`
  );
}

/** The partners drawer: who is behind the search's events (its own filter, box and window). */
export function eventPartners(opts: SearchOpts): Promise<EventPartners> {
  return searchPartners(opts.ctx.db, filterOf(opts.ctx, opts.tenant, opts.viewerId, opts.input));
}
