/** Offset of a time zone from UTC at an instant, in milliseconds. */
function offsetMs(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const asUtc = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'), get('second'));
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The instant at which a wall clock in a time zone shows the given date and time. */
export function zonedWallClockToUtc(date: { year: number; month: number; day: number; hour: number; minute: number }, timeZone: string): Date {
  const guess = Date.UTC(date.year, date.month - 1, date.day, date.hour, date.minute);
  const first = guess - offsetMs(guess, timeZone);
  // A second pass settles days when the offset changes (daylight saving).
  return new Date(guess - offsetMs(first, timeZone));
}
