import { CALENDAR_ALERT_LABELS, type Calendar, type CalendarAlert, type CalendarQuery } from '@hubbub/contract';

const OTHER_KINDS: Record<Exclude<Calendar['kind'], 'search'>, string> = {
  following: 'Every event you follow, as you follow it.',
  hosts: 'The events of the people you follow.',
  mine: 'The events you host.',
  going: 'The events you have a seat at, as you say Going.',
};

export function daysAhead(days: number): string {
  return days === 1 ? 'next day' : `next ${days} days`;
}

/**
 * "“jazz” · Music · Austin, TX · in the map area · next 30 days": a saved search in one line.
 * The category comes as a name when the page knows it; an unknown one is still said to be there.
 */
export function querySummary(query: CalendarQuery, categoryName?: (id: string) => string | undefined): string {
  const category = query.categoryId ? (categoryName?.(query.categoryId) ?? 'one category') : null;
  // A partner is kept lower-cased (the search's key): it is quoted as kept.
  const who = query.partner ? `with “${query.partner}”` : query.userId ? 'one host' : null;
  const what = [query.searchText ? `“${query.searchText}”` : null, category, who].filter((part): part is string => Boolean(part));
  const where = [query.areaText, query.box ? 'in the map area' : null].filter((part): part is string => Boolean(part));
  const parts = [...(what.length ? what : ['All events']), ...(where.length ? where : ['anywhere']), daysAhead(query.days)];
  return parts.join(' · ');
}

/** What a calendar carries, for its row. */
export function calendarSummary(calendar: Pick<Calendar, 'kind' | 'query'> & { includeDrafts?: boolean }, categoryName?: (id: string) => string | undefined): string {
  if (calendar.kind === 'mine' && calendar.includeDrafts) return 'The events you host, drafts included.';
  if (calendar.kind !== 'search') return OTHER_KINDS[calendar.kind];
  return calendar.query ? querySummary(calendar.query, categoryName) : 'A saved search.';
}

/** The row says when a calendar emails; a calendar that does not is the usual case and says nothing. */
export function alertSummary(alert: CalendarAlert): string | null {
  return alert === 'off' ? null : CALENDAR_ALERT_LABELS[alert];
}
