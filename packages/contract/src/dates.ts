import { z } from 'zod';

// Instants and time zones, as every request that carries a date takes them.

const ISO_INSTANT = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d{1,9})?)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;

/** An ISO 8601 instant with its offset (Z or ±hh:mm) and a real calendar day. */
export function isIsoInstant(value: string): boolean {
  const m = ISO_INSTANT.exec(value);
  if (!m) return false;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const check = new Date(Date.UTC(year, month - 1, day));
  return check.getUTCFullYear() === year && check.getUTCMonth() === month - 1 && check.getUTCDate() === day;
}

/**
 * The instants the API takes. Wide enough for any event, narrow enough that adding a
 * search window (at most a year) stays a date every database and toISOString agree on.
 */
export const EARLIEST_INSTANT = '1900-01-01T00:00:00Z';
export const LATEST_INSTANT = '2999-12-31T23:59:59Z';
const earliest = Date.parse(EARLIEST_INSTANT);
const latest = Date.parse(LATEST_INSTANT);

/** A required ISO 8601 instant between the years 1900 and 2999; `label` names the field in the message. */
export const isoDate = (label: string) =>
  z
    .string({ message: `${label} is required.` })
    .refine(isIsoInstant, { message: `${label} must be an ISO 8601 date and time with an offset, e.g. 2026-12-04T19:00:00Z.`, abort: true })
    .refine((value) => Date.parse(value) >= earliest && Date.parse(value) <= latest, { message: `${label} must be between the years 1900 and 2999.` });

/** An IANA time zone name, UTC when absent. */
export const TimeZoneSchema = z
  .string()
  .trim()
  .default('UTC')
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en-US', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'Time zone must be an IANA name such as America/Chicago.' },
  );
