import { DateTime } from 'luxon';

/**
 * "Tonight" and "this weekend" as a person reads them, on their wall clock (their time zone): a
 * day runs from 4 AM to 4 AM, so at 1 AM it is still last night; the evening starts at 5 PM and the
 * weekend on Friday at 5 PM, ending on Monday at 4 AM. On a Sunday the weekend is nearly over, so
 * the next one is offered.
 */
const DAY_STARTS_AT = 4;
const EVENING_STARTS_AT = 17;
const FRIDAY = 5;
const SUNDAY = 7;

export interface HomeWindow {
  /** Events starting at or after this (so one already on is still found)... */
  startFrom: Date;
  /** ...and before this... */
  startTo: Date;
  /** ...that are still on after this. */
  endsAfter: Date;
  /** The stretch as the person is told it. */
  from: Date;
  to: Date;
  /** The days it spans on the person's calendar (YYYY-MM-DD, how many), as the search takes a date window. */
  searchFrom: string;
  searchDays: number;
}

/** The 4 AM that began the person's current day. */
function dayStartOf(now: DateTime): DateTime {
  const start = now.set({ hour: DAY_STARTS_AT, minute: 0, second: 0, millisecond: 0 });
  return now < start ? start.minus({ days: 1 }) : start;
}

const later = (a: Date, b: Date) => (a > b ? a : b);

/** From 5 PM today (or now, once later) to 4 AM: events that start today and are still on after then. */
export function tonightWindow(now: Date, timeZone: string): HomeWindow {
  const day = dayStartOf(DateTime.fromJSDate(now, { zone: timeZone }));
  const evening = later(day.set({ hour: EVENING_STARTS_AT }).toJSDate(), now);
  const end = day.plus({ days: 1 }).toJSDate();
  return { startFrom: day.toJSDate(), startTo: end, endsAfter: evening, from: evening, to: end, searchFrom: day.toISODate()!, searchDays: 1 };
}

/** Friday 5 PM to Monday 4 AM of this weekend (from now, once it has begun), or of the next one on a Sunday. */
export function weekendWindow(now: Date, timeZone: string): HomeWindow & { isNext: boolean } {
  const day = dayStartOf(DateTime.fromJSDate(now, { zone: timeZone }));
  const isNext = day.weekday === SUNDAY;
  // Monday to Saturday: this week's Friday (on a Saturday, the day before); Sunday: the coming one.
  const friday = day.plus({ days: isNext ? FRIDAY : FRIDAY - day.weekday });
  const evening = friday.set({ hour: EVENING_STARTS_AT }).toJSDate();
  const from = later(evening, now);
  const end = friday.plus({ days: 3 }).toJSDate();
  return { startFrom: friday.toJSDate(), startTo: end, endsAfter: from, from, to: end, searchFrom: friday.toISODate()!, searchDays: 3, isNext };
}
