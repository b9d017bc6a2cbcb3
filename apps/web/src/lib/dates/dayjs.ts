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
