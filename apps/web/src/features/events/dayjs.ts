import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Events are entered in their own time zone, not the browser's, which needs both plugins.
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };
