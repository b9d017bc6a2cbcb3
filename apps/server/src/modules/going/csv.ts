import { stringify } from 'csv-stringify/sync';
import type { GoingState } from '@hubbub/contract';
import type { PersonRow } from './repository.js';

const STATE_LABEL: Record<GoingState, string> = { going: 'Going', offered: 'Seat offered', waitlisted: 'Waitlisted' };

/**
 * A spreadsheet opens a cell that starts with = + - @ (or a tab or return) as a formula: a name
 * like `=HYPERLINK(...)` would run in the host's spreadsheet. Such cells get a leading apostrophe
 * (OWASP's CSV injection advice).
 */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

/** The host's attendee list as CSV (RFC 4180, with a header row). */
export function attendeesCsv(rows: PersonRow[]): string {
  return stringify(
    rows.map((r) => [inert(r.name), inert(r.email), STATE_LABEL[r.state], r.guests, r.place ?? '', r.offerUntil ?? '', r.since]),
    { header: true, columns: ['Name', 'Email', 'State', 'Guests', 'Place in line', 'Offer open until (UTC)', 'Since (UTC)'], record_delimiter: 'windows' },
  );
}
