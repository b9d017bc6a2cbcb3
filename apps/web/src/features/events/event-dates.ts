import { formatDate } from '@hubbub/contract';

// The events feature writes its dates with the contract's formatter (eventTimes, formatRange,
// formatDate in packages/contract/src/format.ts). This one name is left for routes/search.tsx,
// which still imports it; it goes once that page calls formatDate itself.

/** A date for lists in the event's zone: "Wed, Nov 25" (the year when it is not this one). */
export function formatDay(iso: string, timeZone: string, locale?: string): string {
  return formatDate(iso, { timeZone, locale });
}
