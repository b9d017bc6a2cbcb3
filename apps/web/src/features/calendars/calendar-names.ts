import { CALENDAR_KIND_LABELS, CALENDAR_NAME_MAX, type CalendarKind } from '@hubbub/contract';

/** A name for a new calendar: what it carries, so a list of them reads without opening any. */
export function defaultCalendarName(kind: Exclude<CalendarKind, 'search'>): string {
  return CALENDAR_KIND_LABELS[kind];
}

/** A saved search is named after what was searched, else where, else the map it was saved from. */
export function searchCalendarName(search: { searchText?: string | null; choiceName?: string | null; place?: string | null }): string {
  const name = search.searchText?.trim() || search.choiceName?.trim() || search.place?.trim() || 'Events around here';
  return name.length > CALENDAR_NAME_MAX ? name.slice(0, CALENDAR_NAME_MAX).trimEnd() : name;
}
