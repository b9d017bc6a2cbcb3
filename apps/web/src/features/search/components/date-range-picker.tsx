import { DatePicker, type DatesRangeValue } from '@mantine/dates';
import '@mantine/dates/styles.css';

interface DateRangePickerProps {
  value: DatesRangeValue<string>;
  onChange: (range: DatesRangeValue<string>) => void;
}

/**
 * The calendar of the custom date range, in a chunk of its own: it loads when the person opens it,
 * not with /search (the calendar and its styles are about 12 KB of the first visit).
 */
export default function DateRangePicker({ value, onChange }: DateRangePickerProps) {
  return <DatePicker type="range" allowSingleDateInRange value={value} onChange={onChange} />;
}
