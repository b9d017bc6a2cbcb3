import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Events are entered in their own time zone and search day windows start at midnight in the
// viewer's, so both plugins are needed; extended here once for every screen.
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };

/** How every date-and-time picker shows its value: the contract formatter's shape, with the year. */
export const PICKER_FORMAT = 'ddd, MMM D, YYYY h:mm A';

/** Wall-clock date and time as Mantine's DateTimePicker gives it: "YYYY-MM-DD HH:mm:ss". */
export type LocalDateTime = string;

const LOCAL_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** A wall-clock time in the event's zone to the instant the API stores. */
export function zonedToIso(local: LocalDateTime, timeZone: string): string {
  return dayjs.tz(local, timeZone).toISOString();
}

/** An instant to the wall-clock time a picker shows in the event's zone. */
export function isoToZoned(iso: string, timeZone: string): LocalDateTime {
  return dayjs(iso).tz(timeZone).format(LOCAL_FORMAT);
}
