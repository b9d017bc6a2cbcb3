import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

// Day windows start at midnight in a given zone (the viewer's), which needs both plugins.
dayjs.extend(utc);
dayjs.extend(timezone);

export { dayjs };
